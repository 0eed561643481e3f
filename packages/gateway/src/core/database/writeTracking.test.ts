import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mayChangeReads, trackPgliteWrites } from './writeTracking'

describe('mayChangeReads', () => {
  it('lets plain reads and transaction control through, and counts everything else as a change', () => {
    expect(mayChangeReads('select "wallet_id" from "wallets" where "client_id" = $1')).toBe(false)
    expect(mayChangeReads('  SELECT 1')).toBe(false)
    expect(mayChangeReads('begin')).toBe(false)
    expect(mayChangeReads('insert into "wallets" ("wallet_id") values ($1)')).toBe(true)
    expect(mayChangeReads('update "connections" set "status" = $1')).toBe(true)
    expect(mayChangeReads('delete from "clients" where "client_id" = $1')).toBe(true)
    // A select with an effect, a CTE, DDL and anything unknown count as changes.
    expect(mayChangeReads("select nextval('s')")).toBe(true)
    expect(mayChangeReads('select pg_notify($1, $2)')).toBe(true)
    expect(mayChangeReads('with gone as (delete from "wallets" returning 1) select count(*) from gone')).toBe(
      true,
    )
    expect(mayChangeReads('alter table "wallets" add column "x" text')).toBe(true)
    expect(mayChangeReads('truncate "wallets"')).toBe(true)
  })

  it('lets through the writes to tables no cached read depends on', () => {
    expect(
      mayChangeReads('insert into "seen_signatures" ("client_id") values ($1) on conflict do nothing'),
    ).toBe(false)
    expect(mayChangeReads('delete from "seen_signatures" where "expires_at" < now()')).toBe(false)
    expect(mayChangeReads('insert into "signing_requests" ("row_id") values ($1)')).toBe(false)
    // Only the exact table: a name that merely starts like one is another table.
    expect(mayChangeReads('insert into "seen_signatures_archive" ("x") values ($1)')).toBe(true)
  })
})

describe('trackPgliteWrites', () => {
  const raw = new PGlite()
  const { client, writes } = trackPgliteWrites(raw)

  beforeAll(async () => {
    await raw.exec('create table "wallets" (id text primary key); create table "seen_signatures" (id text)')
  })
  afterAll(() => raw.close())

  it('bumps the generation after a write completes, not after a read', async () => {
    const before = writes.value
    await client.query('select * from "wallets"')
    expect(writes.value).toBe(before)
    const insert = client.query('insert into "wallets" (id) values ($1)', ['w1'])
    expect(writes.value).toBe(before)
    await insert
    expect(writes.value).toBe(before + 1)
    await client.query('insert into "seen_signatures" (id) values ($1)', ['s1'])
    expect(writes.value).toBe(before + 1)
  })

  it('bumps once a transaction that wrote has finished, committed or rolled back, and not for a read-only one', async () => {
    const before = writes.value
    await client.transaction(async (tx) => {
      await tx.query('select * from "wallets"')
    })
    expect(writes.value).toBe(before)
    await client.transaction(async (tx) => {
      await tx.query('insert into "wallets" (id) values ($1)', ['w2'])
      expect(writes.value).toBe(before)
    })
    expect(writes.value).toBe(before + 1)
    await expect(
      client.transaction(async (tx) => {
        await tx.query('delete from "wallets"')
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect(writes.value).toBe(before + 2)
    expect((await client.query('select count(*)::int as n from "wallets"')).rows).toEqual([{ n: 2 }])
  })

  it('counts every other way of running SQL as a write, failed statements too', async () => {
    const before = writes.value
    await client.exec('select 1')
    expect(writes.value).toBe(before + 1)
    await expect(client.query('insert into "nowhere" values (1)')).rejects.toThrow()
    expect(writes.value).toBe(before + 2)
  })
})
