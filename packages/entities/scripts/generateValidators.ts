// `pnpm --filter @rampart/entities validators:generate`: compiles the entities schemas once, here, into
// src/generated/entityValidators.ts, so that no process compiles them when it starts (ajv's compile and its
// meta-schemas were about half the CPU of `rampart entities validate` on one small file, #18). `--check` fails when
// the committed file differs from what the schemas give (the schemas stay the single source of truth).
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { entityValidatorsSource } from '../src/entityValidatorsSource'

const target = fileURLToPath(new URL('../src/generated/entityValidators.ts', import.meta.url))
const source = entityValidatorsSource()
if (process.argv.includes('--check')) {
  let committed = ''
  try {
    committed = readFileSync(target, 'utf8')
  } catch {}
  if (committed !== source) {
    console.error(
      `${target} is not what the schemas compile to: run pnpm --filter @rampart/entities validators:generate`,
    )
    process.exit(1)
  }
} else {
  writeFileSync(target, source)
  console.log(`wrote ${target}`)
}
