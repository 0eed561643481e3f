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

// Every target's schema and root type, by schema file, so that a schema referring to another target (its whole
// file, or one of its $defs) imports that type instead of json-schema-to-typescript inlining a second copy of it.
const targetSchemas = new Map()
for (const { schema, output } of targets) {
  const json = JSON.parse(await readFile(join(schemasDir, schema), 'utf8'))
  targetSchemas.set(join(schemasDir, schema), { json, output })
}

/** The type a reference to another target names, with that target's output; undefined for any other reference. */
function referencedType(ref, schemaPath) {
  if (typeof ref !== 'string') return undefined
  const [file, fragment] = ref.split('#')
  const target = file ? targetSchemas.get(resolve(dirname(schemaPath), file)) : undefined
  if (!target) return undefined
  if (!fragment) return { name: target.json.title ?? basename(file, '.schema.json'), output: target.output }
  // A definition is exported under its title, else its key (unreachableDefinitions keeps every one).
  const key = /^\/\$defs\/([^/]+)$/.exec(fragment)?.[1]
  const definition = key === undefined ? undefined : target.json.$defs?.[key]
  return definition ? { name: definition.title ?? key, output: target.output } : undefined
}

const packageOf = (output) => output.split('/').slice(0, 2).join('/')

/** The import of `target`'s root type from `output`: relative within a package, by package name across them. */
function importFrom(output, target) {
  if (packageOf(output) !== packageOf(target.output))
    return `@rampart/${packageOf(target.output).split('/')[1]}`
  const path = relative(dirname(output), target.output).replace(/\.ts$/, '')
  return path.startsWith('.') ? path : `./${path}`
}

/** Replaces references to other targets with their type names; collects the imports they need. */
function linkTargets(node, schemaPath, output, imports) {
  if (Array.isArray(node)) {
    for (const item of node) linkTargets(item, schemaPath, output, imports)
  } else if (node && typeof node === 'object') {
    const target = referencedType(node.$ref, schemaPath)
    if (target && target.output !== output) {
      delete node.$ref
      node.tsType = target.name
      imports.set(target.name, importFrom(output, target))
    }
    for (const value of Object.values(node)) linkTargets(value, schemaPath, output, imports)
  }
}

/**
 * A definition that only refers to another target's type of the same name would become `type X = X`: drop it,
 * and let local references to it name the imported type.
 */
function dropAliases(json, schemaPath, output, imports) {
  const aliases = new Set()
  for (const [key, definition] of Object.entries(json.$defs ?? {})) {
    const target = referencedType(definition.$ref, schemaPath)
    if (!target || target.output === output || target.name !== key || Object.keys(definition).length !== 1)
      continue
    delete json.$defs[key]
    imports.set(key, importFrom(output, target))
    aliases.add(`#/$defs/${key}`)
  }
  const relink = (node) => {
    if (Array.isArray(node)) node.forEach(relink)
    else if (node && typeof node === 'object') {
      if (aliases.has(node.$ref)) {
        node.tsType = node.$ref.slice('#/$defs/'.length)
        delete node.$ref
      }
      Object.values(node).forEach(relink)
    }
  }
  if (aliases.size > 0) relink(json)
}

/**
 * A root object whose `oneOf` variants (with `discriminator`) only pin the tag and name required fields, their
 * schemas staying in the root's `properties` (see intent.schema.json's $comment), would come out of
 * json-schema-to-typescript as the root's fields intersected with variants that hold nothing but an optional tag.
 * For the generator only, the root's fields become the interface `<Title>Fields`, each variant an interface
 * extending it with its tag and required fields (their schemas copied from the root), and the root their union:
 * checking the tag then narrows a value to its variant.
 */
function expandDiscriminatedRoot(json) {
  const tag = json.discriminator?.propertyName
  if (typeof tag !== 'string' || !Array.isArray(json.oneOf) || !json.properties) return
  const fieldsName = `${json.title}Fields`
  json.$defs[fieldsName] = {
    title: fieldsName,
    description: `The fields of ${json.title}: each of its variants extends them with its \`${tag}\` and the fields that this \`${tag}\` always has.`,
    type: json.type,
    additionalProperties: json.additionalProperties,
    required: json.required,
    properties: json.properties,
  }
  for (const branch of json.oneOf) {
    const key = /^#\/\$defs\/([^/]+)$/.exec(branch.$ref ?? '')?.[1]
    const variant = key === undefined ? undefined : json.$defs[key]
    if (!variant?.properties?.[tag])
      throw new Error(`${json.title}: oneOf variant ${branch.$ref} has no ${tag}`)
    const required = variant.required ?? []
    variant.title = key
    variant.extends = [{ $ref: `#/$defs/${fieldsName}` }]
    variant.type = 'object'
    variant.required = [tag, ...required]
    for (const name of required) variant.properties[name] = structuredClone(json.properties[name])
  }
  for (const keyword of ['type', 'additionalProperties', 'required', 'properties', 'discriminator'])
    delete json[keyword]
}

/**
 * Renames $defs for the generator only (a target's `typeNames`, key to type name): the schema keeps its keys, while
 * a definition whose name another package also declares gets its own, so that a bundled .d.ts that holds both
 * needs no renaming (the evaluator's declarations carry the decoder's intent types beside the policies' own).
 */
function renameDefinitions(json, typeNames) {
  if (!typeNames) return
  for (const [key, name] of Object.entries(typeNames)) {
    if (!json.$defs?.[key] || json.$defs[name])
      throw new Error(`typeNames: cannot rename $defs/${key} to ${name}`)
    json.$defs[name] = json.$defs[key]
    delete json.$defs[key]
  }
  const relink = (node) => {
    if (Array.isArray(node)) node.forEach(relink)
    else if (node && typeof node === 'object') {
      const key = typeof node.$ref === 'string' ? /^#\/\$defs\/([^/]+)$/.exec(node.$ref)?.[1] : undefined
      if (key !== undefined && Object.hasOwn(typeNames, key)) node.$ref = `#/$defs/${typeNames[key]}`
      Object.values(node).forEach(relink)
    }
  }
  relink(json)
}

let drifted = 0
for (const { schema, output, typeNames } of targets) {
  const schemaPath = join(schemasDir, schema)
  const json = JSON.parse(await readFile(schemaPath, 'utf8'))
  const imports = new Map()
  renameDefinitions(json, typeNames)
  expandDiscriminatedRoot(json)
  dropAliases(json, schemaPath, output, imports)
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
