import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { migratedPgliteTarball } from './pgliteTemplate'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory's tarball (pgliteTemplate.ts); null on PostgreSQL (DATABASE_URL set). */
    pgliteTemplate: string | null
  }
}

/**
 * Migrates one PGlite database before any gateway test file starts, and writes its data directory where every
 * file loads its own copy: initdb and the migrations then run once per run instead of once per file. On
 * PostgreSQL each file still creates (and drops) its own database, migrated as the gateway migrates it.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', null)
    return
  }
  const directory = await mkdtemp(join(tmpdir(), 'rampart-pglite-template-'))
  const path = join(directory, 'migrated.tar')
  await writeFile(path, await migratedPgliteTarball())
  project.provide('pgliteTemplate', path)
  return async () => {
    await rm(directory, { recursive: true, force: true })
  }
}
