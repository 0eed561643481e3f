import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { emptyEntities } from '@rampart/entities'
import { hashRequest } from '@rampart/evaluator'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, describe, expect, it } from 'vitest'
import { migrationsFolder } from './openDatabase'
import { organizationChanges, organizationParts } from './organizationSchema'
import {
  appendOrganizationChanges,
  COMPACT_AFTER,
  ENTITIES_PER_PART,
  readClient,
  writeOrganization,
} from './organizationStore'
import * as schema from './schema'

const account = (i: number) => ({
  id: `Vault-${i}`,
  address: `0x${(i + 1).toString(16).padStart(40, '0')}`,
  accountType: 'eoa',
  chainId: 1,
})
const organization = (accounts: number): Record<string, unknown> => ({
  $schema: 'https://rampart.dev/schemas/entities/entities.schema.json',
  ...emptyEntities(),
  users: [{ id: 'Alice', role: 'admin' }],
  accounts: Array.from({ length: accounts }, (_, i) => account(i)),
})

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

/** The committed migrations without the last `drop` of them: a database as an older gateway left it. */
function migrationsBefore(drop: number): string {
  const folder = mkdtempSync(join(tmpdir(), 'rampart-migrations-'))
  folders.push(folder)
  cpSync(migrationsFolder(), folder, { recursive: true })
  const journalPath = join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'))
  journal.entries = journal.entries.slice(0, -drop)
  writeFileSync(journalPath, JSON.stringify(journal))
  return folder
}

async function migratedDatabase() {
  const client = new PGlite()
  const db = drizzle(client, { schema })
  await migrate(db, { migrationsFolder: migrationsFolder() })
  const now = new Date()
  await db.insert(schema.clients).values({
    clientId: 'acme',
    name: 'Acme',
    publicKeys: [],
    entitiesHead: {},
    policies: [],
    presets: [],
    createdAt: now,
    updatedAt: now,
  })
  return { client, db: db as never }
}

// PGlite's own databases, migrated here: the run on PostgreSQL (DATABASE_URL) has nothing more to learn from them.
describe.skipIf(process.env.DATABASE_URL !== undefined)('the organization store', () => {
  it('moves each organization stored whole into parts, in order, when the migration runs', async () => {
    const client = new PGlite()
    const db = drizzle(client, { schema })
    await migrate(db, { migrationsFolder: migrationsBefore(1) })
    const large = organization(ENTITIES_PER_PART * 2 + 1)
    const at = new Date().toISOString()
    for (const [id, entities] of [
      ['large', large],
      ['empty', emptyEntities()],
    ] as const)
      await client.query(
        `insert into clients (client_id, name, public_keys, entities, policies, presets, created_at, updated_at)
         values ($1, $1, '[]', $2, '[]', '[]', $3, $3)`,
        [id, JSON.stringify(entities), at],
      )
    await migrate(db, { migrationsFolder: migrationsFolder() })
    const stored = await readClient(db as never, 'large')
    expect(stored?.organization).toEqual(large)
    expect(hashRequest(stored?.organization)).toBe(hashRequest(large))
    expect(Object.keys(stored!.organization)).toEqual(Object.keys(large))
    const parts = await db.select().from(organizationParts)
    expect(parts.map((part) => [part.clientId, part.part, part.collection, part.entities.length])).toEqual([
      ['large', 0, 'users', 1],
      ['large', 1, 'accounts', ENTITIES_PER_PART],
      ['large', 2, 'accounts', ENTITIES_PER_PART],
      ['large', 3, 'accounts', 1],
    ])
    expect((await readClient(db as never, 'empty'))?.organization).toEqual(emptyEntities())
    await client.close()
  })

  it('reads the parts with the changes kept beside them, and one collection alone', async () => {
    const { client, db } = await migratedDatabase()
    const before = organization(3)
    await writeOrganization(db, 'acme', before)
    const book = { id: 'Exchange', address: `0x${'e'.repeat(40)}`, chainId: 1, classification: 'external' }
    const after = {
      ...before,
      accounts: [account(0), account(2), account(3)],
      addressBook: [book],
    }
    await appendOrganizationChanges(
      db,
      'acme',
      [
        { op: 'remove', collection: 'accounts', id: 'vault-1' },
        { op: 'put', collection: 'accounts', entity: account(3) },
        { op: 'put', collection: 'addressBook', entity: book },
      ],
      after,
    )
    expect((await readClient(db, 'acme'))?.organization).toEqual(after)
    expect((await readClient(db, 'acme', { collection: 'addressBook' }))?.organization.addressBook).toEqual([
      book,
    ])
    expect((await readClient(db, 'acme', { collection: 'accounts' }))?.organization.addressBook).toEqual([])
    expect(await readClient(db, 'nobody')).toBeUndefined()
    await client.close()
  })

  it('writes the parts anew, and forgets the changes kept, once they would go past COMPACT_AFTER', async () => {
    const { client, db } = await migratedDatabase()
    await writeOrganization(db, 'acme', organization(1))
    const many = Array.from({ length: COMPACT_AFTER }, (_, i) => ({
      op: 'put' as const,
      collection: 'accounts' as const,
      entity: account(i + 1),
    }))
    const withMany = organization(COMPACT_AFTER + 1)
    await appendOrganizationChanges(db, 'acme', many.slice(1), withMany)
    expect(await (db as ReturnType<typeof drizzle>).select().from(organizationChanges)).toHaveLength(1)
    const withOneMore = organization(COMPACT_AFTER + 2)
    await appendOrganizationChanges(
      db,
      'acme',
      [many[0]!, { op: 'put', collection: 'accounts', entity: account(COMPACT_AFTER + 1) }],
      withOneMore,
    )
    expect(await (db as ReturnType<typeof drizzle>).select().from(organizationChanges)).toHaveLength(0)
    expect((await readClient(db, 'acme'))?.organization).toEqual(withOneMore)
    await client.close()
  })
})
