import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { migratedPgliteTarball } from './pgliteTemplate'
import { createPostgresTemplate, onServer } from './postgresTemplate'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory's tarball (pgliteTemplate.ts); null on PostgreSQL (DATABASE_URL set). */
    pgliteTemplate: string | null
    /** The migrated PostgreSQL database test databases are created from (postgresTemplate.ts), with DATABASE_URL. */
    postgresTemplate: string | null
  }
}

/**
 * Migrates one database before any gateway test file starts, which every test gateway then copies: initdb (PGlite)
 * and the migrations run once per run instead of once per gateway. On PGlite the copy is its data directory's
 * tarball, loaded into a new in-memory database; on PostgreSQL (DATABASE_URL set) each test gateway still creates
 * (and drops) a database of its own, from the migrated template database.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL
  if (url) {
    const template = await createPostgresTemplate(url)
    project.provide('pgliteTemplate', null)
    project.provide('postgresTemplate', template)
    return async () => {
      await onServer(url, `drop database if exists ${template} with (force)`)
    }
  }
  project.provide('postgresTemplate', null)
  const directory = await mkdtemp(join(tmpdir(), 'rampart-pglite-template-'))
  const path = join(directory, 'migrated.tar')
  await writeFile(path, await migratedPgliteTarball())
  project.provide('pgliteTemplate', path)
  return async () => {
    await rm(directory, { recursive: true, force: true })
  }
}
