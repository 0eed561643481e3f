#!/usr/bin/env node
// Generates the committed TypeScript types from the JSON Schemas listed in schemas/codegen.json.
// With --check it writes nothing and exits 1 when a committed file differs from a fresh generation,
// so CI fails when the types drift from their schemas.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { compile } from 'json-schema-to-typescript'

const schemasDir = dirname(dirname(fileURLToPath(import.meta.url)))
const repoRoot = dirname(schemasDir)
const check = process.argv.includes('--check')

const { targets } = JSON.parse(await readFile(join(schemasDir, 'codegen.json'), 'utf8'))
const banner = '/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */'

let drifted = 0
for (const { schema, output } of targets) {
  const schemaPath = join(schemasDir, schema)
  const json = JSON.parse(await readFile(schemaPath, 'utf8'))
  const ts = await compile(json, json.title ?? basename(schema, '.schema.json'), {
    bannerComment: banner,
    cwd: dirname(schemaPath),
    additionalProperties: false,
    unreachableDefinitions: true,
    style: { semi: false, singleQuote: true, printWidth: 110 },
  })
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
