// `pnpm bench`: the shape measured from outside (issue #24): mixed-case ids, references in another case a fifth of
// the time, 10k credentials. Each row also prints its median as a multiple of JSON.parse of the same text.
import { bench, describe } from 'vitest'
import { parseEntitiesJson } from '../src/parseEntitiesJson'
import { loadEntities } from '../src/validateEntities'
import { generateAnchorOrganization } from './generateAnchorOrganization'
import { ratioToParse } from './ratioToParse'

const text = JSON.stringify(generateAnchorOrganization())
const doc = JSON.parse(text)
const loaded = loadEntities(doc)
if (!loaded.valid) throw new Error(`anchor document is invalid: ${JSON.stringify(loaded.issues.slice(0, 3))}`)
console.log(
  `anchor-shaped Entities document: ${(Buffer.byteLength(text) / 1024 / 1024).toFixed(1)} MiB of JSON`,
)

// Each task starts from a collected heap, so none pays for the garbage the one before it left.
const collect = () => (globalThis as { gc?: () => void }).gc?.()
const timed = ratioToParse({ iterations: 30, warmupIterations: 3, setup: collect })

describe('anchor shape: 10k users, 100k accounts, 200k memberships, 10k credentials, mixed-case ids', () => {
  bench(
    ...timed('JSON.parse of its text (baseline)', () => {
      JSON.parse(text)
    }),
  )
  bench(
    ...timed('parseEntitiesJson of its text', () => {
      parseEntitiesJson(text)
    }),
  )
  bench(
    ...timed('loadEntities (validate + index, without checksums)', () => {
      if (!loadEntities(doc).index) throw new Error('invalid')
    }),
  )
})
