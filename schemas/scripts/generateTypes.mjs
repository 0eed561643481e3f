#!/usr/bin/env node
// Generates the committed TypeScript types from the JSON Schemas listed in schemas/codegen.json.
// With --check it writes nothing and exits 1 when a committed file differs from a fresh generation,
// so CI fails when the types drift from their schemas.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { compile } from 'json-schema-to-typescript'

const schemasDir = dirname(dirname(fileURLToPath(import.meta.url)))
const repoRoot = dirname(schemasDir)
const check = process.argv.includes('--check')

const { targets } = JSON.parse(await readFile(join(schemasDir, 'codegen.json'), 'utf8'))
const banner = '/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */'

// Every target's root type, by schema file, so that a schema referring to another target's whole file imports
// that type instead of json-schema-to-typescript inlining a second copy of it.
const rootTypes = new Map()
for (const { schema, output } of targets) {
  const json = JSON.parse(await readFile(join(schemasDir, schema), 'utf8'))
  rootTypes.set(join(schemasDir, schema), { name: json.title ?? basename(schema, '.schema.json'), output })
}

const packageOf = (output) => output.split('/').slice(0, 2).join('/')

/** The import of `target`'s root type from `output`: relative within a package, by package name across them. */
function importFrom(output, target) {
  if (packageOf(output) !== packageOf(target.output))
    return `@rampart/${packageOf(target.output).split('/')[1]}`
  const path = relative(dirname(output), target.output).replace(/\.ts$/, '')
  return path.startsWith('.') ? path : `./${path}`
}

/** Replaces whole-file references to other targets with their type names; returns the imports they need. */
function linkTargets(node, schemaPath, output, imports) {
  if (Array.isArray(node)) {
    for (const item of node) linkTargets(item, schemaPath, output, imports)
  } else if (node && typeof node === 'object') {
    const ref = node.$ref
    const target =
      typeof ref === 'string' && !ref.includes('#') && rootTypes.get(resolve(dirname(schemaPath), ref))
    if (target && target.output !== output) {
      delete node.$ref
      node.tsType = target.name
      imports.set(target.name, importFrom(output, target))
    }
    for (const value of Object.values(node)) linkTargets(value, schemaPath, output, imports)
  }
}

let drifted = 0
for (const { schema, output } of targets) {
  const schemaPath = join(schemasDir, schema)
  const json = JSON.parse(await readFile(schemaPath, 'utf8'))
  const imports = new Map()
  linkTargets(json, schemaPath, output, imports)
  const compiled = await compile(json, json.title ?? basename(schema, '.schema.json'), {
    bannerComment: banner,
    cwd: dirname(schemaPath),
    additionalProperties: false,
    unreachableDefinitions: true,
    style: { semi: false, singleQuote: true, printWidth: 110 },
  })
  // Imported types are re-exported, so each generated file still names every type it uses.
  const linked = [...imports].map(
    ([name, from]) => `import type { ${name} } from '${from}'\nexport type { ${name} }\n`,
  )
  const ts =
    linked.length === 0 ? compiled : compiled.replace(`${banner}\n`, `${banner}\n\n${linked.join('')}`)
  const outputPath = resolve(repoRoot, output)
  if (check) {
    const committed = await readFile(outputPath, 'utf8').catch(() => '')
    if (committed !== ts) {
      drifted++
      console.error(`${output} is out of date with schemas/${schema}: run pnpm types:generate`)
    }
  } else {
    await mkdir(dirname(outputPath), { recursive: true })
    await writeFile(outputPath, ts)
    console.log(`${output} <- schemas/${schema}`)
  }
}
if (drifted > 0) process.exit(1)
