import { eq, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

/** `column = value` where the query gives the value; no condition where it leaves it out. */
export function equalsIfGiven(column: AnyPgColumn, value: string | undefined): SQL | undefined {
  return value === undefined ? undefined : eq(column, value)
}

/**
 * Catalogue rows a provider lists, where the query names one: their `external` column (a JSON array of
 * `{ provider, externalId, ... }`) contains an entry of that provider.
 */
export function listedByIfGiven(externalColumn: AnyPgColumn, provider: string | undefined): SQL | undefined {
  return provider === undefined
    ? undefined
    : sql`${externalColumn} @> ${JSON.stringify([{ provider }])}::jsonb`
}
