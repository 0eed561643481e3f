import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Entities } from '@rampart/entities'
import { validateEntities } from '@rampart/entities'
import { describe, expect, it } from 'vitest'
import { generateSigningJwk } from '../src/core/crypto/generateSigningJwk'
import { demoAccountId, withDemoIdentity } from '../src/demo/demoEntities'

const northwind: Entities = JSON.parse(
  readFileSync(
    fileURLToPath(new URL('../../../fixtures/entities/valid/northwind.json', import.meta.url)),
    'utf8',
  ),
)
// Anvil's first account: a checksummed address no Northwind entity uses.
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('withDemoIdentity', () => {
  it('adds the key as a credential and the addresses as accounts of the user and the groups, once, validly', async () => {
    const { publicJwk } = await generateSigningJwk('ES256K', 'demo-client-key-1')
    const identity = {
      userId: 'nora.jensen@northwind.example',
      publicJwk,
      accounts: [
        { chainId: 1, address },
        { chainId: 8453, address },
      ],
      accountGroups: ['treasury'],
    }
    const added = withDemoIdentity(northwind, identity)!
    expect(validateEntities(added, { kind: 'full', checksums: true }).issues).toEqual([])
    expect(added.credentials!.at(-1)).toEqual({
      id: 'demo-client-key-1',
      userId: identity.userId,
      key: publicJwk,
    })
    expect(added.accounts!.slice(-2)).toEqual([
      { id: demoAccountId(1, address), address, accountType: 'eoa', chainId: 1 },
      { id: demoAccountId(8453, address), address, accountType: 'eoa', chainId: 8453 },
    ])
    expect(added.accountGroupMembers!.slice(-2)).toEqual([
      { accountId: `eip155:1:${address}`, groupId: 'treasury' },
      { accountId: `eip155:8453:${address}`, groupId: 'treasury' },
    ])
    expect(added.userAccounts!.slice(-2).map((a) => a.userId)).toEqual([identity.userId, identity.userId])
    expect(withDemoIdentity(added, identity)).toBeNull()
  })

  it("leaves an operator's credential for the kid as it is, and never copies a private member", async () => {
    const { privateJwk, publicJwk } = await generateSigningJwk('ES256K', 'demo-client-key-1')
    const reassigned = withDemoIdentity(northwind, {
      userId: 'sofia.alvarez@northwind.example',
      publicJwk,
      accounts: [],
      accountGroups: [],
    })!
    expect(
      withDemoIdentity(reassigned, {
        userId: 'nora.jensen@northwind.example',
        publicJwk,
        accounts: [],
        accountGroups: [],
      }),
    ).toBeNull()
    const fromPrivate = withDemoIdentity(northwind, {
      userId: 'nora.jensen@northwind.example',
      publicJwk: privateJwk,
      accounts: [],
      accountGroups: [],
    })!
    expect(fromPrivate.credentials!.at(-1)!.key).toEqual(publicJwk)
  })

  it('refuses a key without a kid: it would sign as no one', async () => {
    const { publicJwk } = await generateSigningJwk('ES256K')
    const { kid: _kid, ...withoutKid } = publicJwk
    expect(() =>
      withDemoIdentity(northwind, {
        userId: 'nora.jensen@northwind.example',
        publicJwk: withoutKid,
        accounts: [],
        accountGroups: [],
      }),
    ).toThrow(/no kid/)
  })
})
