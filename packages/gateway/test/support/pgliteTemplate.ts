import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'

/** The committed migrations, found from here rather than through the gateway's sources (which move). */
export const migrationsPath = fileURLToPath(new URL('../../migrations', import.meta.url))

/**
 * A PGlite data directory with every migration applied, as an uncompressed tarball. Creating a PGlite database
 * runs initdb, which costs seconds; a database loaded from this tarball starts in a fraction of that, so the
 * global setup makes it once per run and every test file loads its own copy (see `openPgliteFromTemplate`).
 * It imports nothing of the gateway: the global setup runs in vitest's main process.
 */
export async function migratedPgliteTarball(): Promise<Uint8Array> {
  const client = new PGlite()
  try {
    await migrate(drizzle(client), { migrationsFolder: migrationsPath })
    const dump = await client.dumpDataDir('none')
    return new Uint8Array(await dump.arrayBuffer())
  } finally {
    await client.close()
  }
}

/** A new in-memory PGlite database, private to its caller, from the tarball written by the global setup. */
export async function pgliteFromTarball(path: string): Promise<PGlite> {
  const loadDataDir = new Blob([await readFile(path)])
  const client = new PGlite({ loadDataDir })
  await client.waitReady
  return client
}
