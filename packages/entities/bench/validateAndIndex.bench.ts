import { bench, describe } from 'vitest'
import { indexEntities } from '../src/indexEntities'
import { loadEntities, validateEntities } from '../src/validateEntities'
import { generateOrganization } from './generateOrganization'
import { ratioToParse } from './ratioToParse'

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`
const heapUsed = () => {
  const { gc } = globalThis as { gc?: () => void }
  // Two full collections: the first can leave objects that only the second finds unreachable.
  gc?.()
  gc?.()
  return process.memoryUsage().heapUsed
}

const text = JSON.stringify(
  generateOrganization({
    users: 10_000,
    accounts: 100_000,
    groups: 1_000,
    memberships: 200_000,
    tokens: 5_000,
    addressBook: 20_000,
    credentials: 1_000,
  }),
)

// Memory: the parsed document, then what validation and the index add on top of it. The document is measured on
// a second parse, once whatever the generation left behind is gone.
const doc = JSON.parse(text)
const held = [heapUsed()]
held.push(JSON.parse(text))
const parsedBytes = heapUsed() - (held[0] as number)
held.length = 0
const beforeIndex = heapUsed()
const { valid, issues, index } = loadEntities(doc)
if (!valid || !index) throw new Error(`generated document is invalid: ${JSON.stringify(issues.slice(0, 3))}`)
const indexBytes = heapUsed() - beforeIndex
console.log(
  `Entities document: ${mib(Buffer.byteLength(text))} of JSON; heap: parsed document ${mib(parsedBytes)}, ` +
    `index ${mib(indexBytes)}; rss ${mib(process.memoryUsage().rss)}` +
    `${index.user('user-0@example.com') ? '' : ' (index lookup failed)'}`,
)

// Thirty rounds each: a round allocates tens of megabytes, so a few rounds would say more about when the
// collector ran than about the code. Each task starts from a collected heap, so none pays for the garbage the
// task before it left (every task still pays for its own).
// Each row also prints its median as a multiple of JSON.parse of the same text, measured in the same run.
const timed = ratioToParse({ iterations: 30, warmupIterations: 3, setup: () => void heapUsed() })

describe('Entities document: 10k users, 100k accounts, 200k memberships, 5k tokens, 20k address-book entries', () => {
  bench(
    ...timed('JSON.parse of its text (baseline)', () => {
      JSON.parse(text)
    }),
  )

  // The index is built from the tables the validation made for this document.
  bench(
    ...timed('validateEntities + indexEntities', () => {
      const validated = validateEntities(doc)
      if (!validated.valid) throw new Error('invalid')
      indexEntities(doc, validated)
    }),
  )

  // As `rampart entities validate` and the gateway's client registration run it, where a document comes in: a
  // keccak-256 per mixed-case address (all 125,000 addresses here are in EIP-55 case).
  bench(
    ...timed('validateEntities with EIP-55 checksums + indexEntities', () => {
      const validated = validateEntities(doc, { checksums: true })
      if (!validated.valid) throw new Error('invalid')
      indexEntities(doc, validated)
    }),
  )

  bench(
    ...timed('loadEntities (the same, in one call)', () => {
      if (!loadEntities(doc).index) throw new Error('invalid')
    }),
  )

  // What indexing costs on its own, for a document validated elsewhere (it analyzes the document again).
  bench(
    ...timed('indexEntities alone', () => {
      indexEntities(doc)
    }),
  )
})
