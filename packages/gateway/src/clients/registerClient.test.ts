import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { generateSigningJwk } from '../core/crypto/generateSigningJwk'
import { checkClientRegistration } from './registerClient'

const fixture = (path: string) =>
  JSON.parse(readFileSync(new URL(`../../../../fixtures/${path}`, import.meta.url), 'utf8'))

describe('checkClientRegistration', () => {
  it('accepts the Northwind entities and policies with real keys of every algorithm', async () => {
    const keys = await Promise.all(
      (['ES256K', 'ES256', 'EdDSA', 'RS256'] as const).map((alg) => generateSigningJwk(alg)),
    )
    const issues = await checkClientRegistration({
      clientId: 'northwind',
      name: 'Northwind',
      publicKeys: keys.map((key) => key.publicJwk),
      entities: fixture('entities/valid/northwind.json'),
      policies: fixture('policies/northwind.json'),
      presets: ['lido-staking'],
    })
    expect(issues).toEqual([])
  })

  it('locates every problem in the request body', async () => {
    const key = await generateSigningJwk('ES256K', 'k1')
    const issues = await checkClientRegistration({
      clientId: 'bad',
      name: 'Bad',
      publicKeys: [key.privateJwk, { ...key.publicJwk, alg: 'ES256' }],
      entities: { users: 'nope' },
      // biome-ignore lint/suspicious/noThenProperty: a policy's decision is named `then` by its schema
      policies: [{ id: 'p', when: [], then: 'maybe' }],
      presets: ['no-such-preset'],
    })
    const paths = issues.map((issue) => issue.path)
    expect(paths).toContain('/publicKeys/0/d')
    expect(paths).toContain('/publicKeys/1/alg')
    expect(paths).toContain('/publicKeys/1/kid')
    expect(paths.some((path) => path.startsWith('/entities'))).toBe(true)
    expect(paths.some((path) => path.startsWith('/policies/0'))).toBe(true)
    expect(paths).toContain('/presets/0')
  })

  it('refuses entities with a mixed-case address whose EIP-55 checksum fails', async () => {
    const key = await generateSigningJwk('ES256K', 'k1')
    const entities = fixture('entities/valid/northwind.json')
    const address: string = entities.addressBook[0].address
    // The same address with the case of one letter flipped: a copy that lost a character's case, or a typo.
    const at = address.search(/[a-fA-F]/u)
    const flipped =
      address[at] === address[at]?.toUpperCase() ? address[at]?.toLowerCase() : address[at]?.toUpperCase()
    entities.addressBook[0].address = `${address.slice(0, at)}${flipped}${address.slice(at + 1)}`
    const issues = await checkClientRegistration({
      clientId: 'northwind',
      name: 'Northwind',
      publicKeys: [key.publicJwk],
      entities,
      policies: [],
    })
    expect(issues).toMatchObject([{ path: '/entities/addressBook/0/address', keyword: 'address-checksum' }])
  })
})
