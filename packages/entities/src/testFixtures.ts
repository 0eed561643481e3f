import { readFileSync } from 'node:fs'
import { EntitiesJsonError } from './entitiesJsonError'
import type { Entities } from './generated/entities'
import { parseEntitiesJson } from './parseEntitiesJson'

/** The repository's entity fixtures, shared by this package's tests and benches. */
export const fixturesDir = new URL('../../../fixtures/entities/', import.meta.url)

export function readFixtureText(name: string): string {
  return readFileSync(new URL(name, fixturesDir), 'utf8')
}

export function readFixture(name: string): unknown {
  return parseEntitiesJson(readFixtureText(name))
}

/** The realistic organization: a full, valid Entities document. */
export function northwind(): Entities {
  return readFixture('valid/northwind.json') as Entities
}

/** The EntitiesJsonError a call throws; anything else it throws, or no error, fails the test. */
export function errorOf(run: () => unknown): EntitiesJsonError {
  try {
    run()
  } catch (error) {
    if (error instanceof EntitiesJsonError) return error
    throw error
  }
  throw new Error('expected an EntitiesJsonError')
}
