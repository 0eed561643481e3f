import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseEntitiesJson } from '@rampart/entities'

/** One example request from `fixtures/requests/`: its file name (without `.json`), what it is, the JSON-RPC request. */
export type RequestFixture = { name: string; description: string; request: unknown }

const maxFixtureBytes = 256 * 1024
const maxFixtures = 500

/** The repository's `fixtures/requests/`, when the gateway runs from a Rampart checkout; null otherwise. */
export function findRequestFixturesDir(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'fixtures', 'requests')
    if (existsSync(candidate)) return candidate
    dir = dirname(dir)
  }
  return null
}

/**
 * The example requests of a fixtures folder, by name: every `*.json` file with a `request` object (the entities
 * files and anything unreadable are left out). Read once, when the try-it page starts; the page picks by name
 * from this list, so a form value never becomes a path.
 */
export function loadRequestFixtures(dir: string | null): ReadonlyMap<string, RequestFixture> {
  const fixtures = new Map<string, RequestFixture>()
  if (!dir || !existsSync(dir)) return fixtures
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .slice(0, maxFixtures)
  for (const file of files) {
    const path = join(dir, file)
    try {
      if (statSync(path).size > maxFixtureBytes) continue
      const fixture = parseEntitiesJson(readFileSync(path), { maxBytes: maxFixtureBytes }) as {
        description?: unknown
        request?: unknown
      }
      if (typeof fixture?.request !== 'object' || fixture.request === null) continue
      const name = file.slice(0, -'.json'.length)
      const description = typeof fixture.description === 'string' ? fixture.description : name
      fixtures.set(name, { name, description, request: fixture.request })
    } catch {
      // A fixture that does not parse is not offered; the fixtures' own tests report it.
    }
  }
  return fixtures
}
