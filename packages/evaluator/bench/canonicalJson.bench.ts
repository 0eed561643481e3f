// `pnpm bench`: the canonical JSON every decision hashes its request with (RFC 8785), against the `canonicalize`
// package, an independent implementation, on the same values: the evaluation request of the evaluate bench, and a
// real Seaport listing (typed data with nested orders) as its decoded request carries it.
import { readFileSync } from 'node:fs'
import { decodeRequest } from '@rampart/decoder'
import canonicalize from 'canonicalize'
import { bench, describe } from 'vitest'
import { canonicalJson } from '../src/canonicalJson'
import { scenario } from './scenario'

const { request } = scenario(1000, 1000)
const seaport = JSON.parse(
  readFileSync(new URL('../../../fixtures/requests/seaport-listing.json', import.meta.url), 'utf8'),
)
const listing = { ...request, intent: decodeRequest(seaport.request).intent }

for (const [name, value] of [
  ['evaluation request of a decoded ERC-20 transfer', request],
  ['evaluation request of a decoded Seaport listing', listing],
] as const) {
  if (canonicalJson(value) !== canonicalize(value))
    throw new Error(`the two serializations differ on ${name}`)
  describe(`canonical JSON: ${name}`, () => {
    bench('canonicalize package (baseline)', () => {
      canonicalize(value)
    })
    bench('canonicalJson', () => {
      canonicalJson(value)
    })
  })
}
