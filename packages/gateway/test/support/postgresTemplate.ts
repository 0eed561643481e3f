import { randomBytes } from 'node:crypto'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { migrationsPath } from './pgliteTemplate'

/** Runs `sql` on the server's maintenance database (DATABASE_URL's own), in a connection of its own. */
export async function onServer(url: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query(sql)
  } finally {
    await admin.end()
  }
}

/** DATABASE_URL with another database name. */
export function databaseUrl(url: string, name: string): string {
  const named = new URL(url)
  named.pathname = `/${name}`
  return named.toString()
}

/**
 * A migrated PostgreSQL database for test gateways to copy (`create database … template …`): each still gets a
 * database of its own, without running every migration again. Nothing stays connected to it, which PostgreSQL
 * requires of a template. Returns its name.
 */
export async function createPostgresTemplate(url: string): Promise<string> {
  const name = `rampart_template_${randomBytes(6).toString('hex')}`
  await onServer(url, `create database ${name}`)
  const client = new pg.Client({ connectionString: databaseUrl(url, name) })
  await client.connect()
  try {
    await migrate(drizzle(client), { migrationsFolder: migrationsPath })
  } finally {
    await client.end()
  }
  return name
}
