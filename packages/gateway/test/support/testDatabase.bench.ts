// `pnpm bench`: what a test gateway's database costs, created and migrated as openDatabase({}) does (baseline,
// what every test gateway paid before) against a private copy of the global setup's migrated template.
// Both in one process after a first PGlite start, so the WASM compile is in neither.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, bench, describe } from 'vitest'
import { openDatabase } from '../../src'
import { migratedPgliteTarball } from './pgliteTemplate'
import { openTemplateDatabase } from './templateDatabase'

const directory = mkdtempSync(join(tmpdir(), 'rampart-template-bench-'))
const template = join(directory, 'migrated.tar')
writeFileSync(template, await migratedPgliteTarball())
afterAll(() => rmSync(directory, { recursive: true, force: true }))

// Each iteration takes a second or more: a few are enough to see the ratio.
const options = { time: 0, iterations: 4, warmupIterations: 1 }

describe("a test gateway's PGlite database, migrated", () => {
  bench(
    'openDatabase({}): initdb and every migration (baseline)',
    async () => {
      await (await openDatabase({})).close()
    },
    options,
  )
  bench(
    'openTemplateDatabase: a copy of the migrated template',
    async () => {
      await (await openTemplateDatabase(template)).close()
    },
    options,
  )
})
