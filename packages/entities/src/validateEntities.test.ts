import { readdirSync } from 'node:fs'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { type EntityDocument, entityKindNames } from './entityKinds'
import type { Entities } from './generated/entities'
import type { UserEntities } from './generated/partial/user'
import type { EntityIndex } from './indexEntities'
import { fixturesDir, northwind, readFixture } from './testFixtures'
import { loadEntities, validateEntities } from './validateEntities'

/** Each invalid fixture breaks its document in exactly one way: the one issue below, and nothing else. */
const invalidFixtures: Record<string, { code: string; path: string; related?: string }> = {
  'schema-required': { code: 'schema.required', path: '/users/1/role' },
  'schema-additional-properties': { code: 'schema.additionalProperties', path: '/accounts/0/label' },
  'schema-enum': { code: 'schema.enum', path: '/users/2/role' },
  'schema-type': { code: 'schema.type', path: '/tokens/0/decimals' },
  'missing-collection': { code: 'schema.required', path: '/addressBook' },
  'invalid-address': { code: 'invalid-address', path: '/accounts/1/address' },
  'duplicate-id': { code: 'duplicate-id', path: '/users/3/id', related: '/users/0/id' },
  'duplicate-membership': {
    code: 'duplicate-membership',
    path: '/userGroupMembers/2',
    related: '/userGroupMembers/1',
  },
  'dangling-reference': { code: 'dangling-reference', path: '/userGroupMembers/1/userId' },
  'token-id-format': { code: 'token-id-format', path: '/tokens/0/id' },
  'token-id-mismatch': { code: 'token-id-mismatch', path: '/tokens/0/id', related: '/tokens/0/chainId' },
  'duplicate-account-address': {
    code: 'duplicate-account-address',
    path: '/accounts/2/address',
    related: '/accounts/0/address',
  },
  'address-book-conflict': {
    code: 'address-book-conflict',
    path: '/addressBook/1/classification',
    related: '/addressBook/0/classification',
  },
  'jwk-unsupported-kty': { code: 'jwk.unsupported-kty', path: '/credentials/1/key/kty' },
  'jwk-unsupported-curve': { code: 'jwk.unsupported-curve', path: '/credentials/1/key/crv' },
  'jwk-alg-mismatch': { code: 'jwk.alg-mismatch', path: '/credentials/0/key/alg' },
  'jwk-invalid-coordinates': { code: 'jwk.invalid-coordinates', path: '/credentials/1/key/y' },
  'jwk-point-not-on-curve': { code: 'jwk.point-not-on-curve', path: '/credentials/0/key/x' },
  'jwk-private-key': { code: 'jwk.private-key', path: '/credentials/1/key/d' },
  'duplicate-kid': {
    code: 'duplicate-kid',
    path: '/credentials/2/key/kid',
    related: '/credentials/0/key/kid',
  },
  // Bob's second credential holds Alice's public key under a kid of its own: whoever signs with it can act as
  // either user, and so count as two approvers.
  'duplicate-key': {
    code: 'duplicate-key',
    path: '/credentials/2/key',
    related: '/credentials/0/key',
  },
}

function issuesOf(doc: unknown, kind?: Parameters<typeof validateEntities>[1]) {
  return validateEntities(doc, kind).issues.map(({ code, severity, path, related }) =>
    related ? { code, severity, path, related } : { code, severity, path },
  )
}

describe('validateEntities on the fixtures', () => {
  it('accepts every document in fixtures/entities/valid without an issue', () => {
    const names = readdirSync(new URL('valid/', fixturesDir))
    expect(names.length).toBeGreaterThanOrEqual(3)
    for (const name of names) {
      const doc = readFixture(`valid/${name}`)
      expect({ name, ...validateEntities(doc) }).toEqual({ name, valid: true, issues: [], entities: doc })
    }
  })

  it('has a test for every invalid fixture', () => {
    const names = readdirSync(new URL('invalid/', fixturesDir)).map((name) => name.replace(/\.json$/, ''))
    expect(names.filter((name) => name !== 'forbidden-key').sort()).toEqual(
      Object.keys(invalidFixtures).sort(),
    )
  })

  for (const [name, expected] of Object.entries(invalidFixtures)) {
    it(`reports ${expected.code} at ${expected.path} in invalid/${name}.json`, () => {
      const result = validateEntities(readFixture(`invalid/${name}.json`))
      expect(result.valid).toBe(false)
      expect(issuesOf(readFixture(`invalid/${name}.json`))).toEqual([{ severity: 'error', ...expected }])
      expect(result.issues[0]?.message).toBeTruthy()
    })
  }

  it('warns, but stays valid, when a root user has no credential', () => {
    const result = validateEntities(readFixture('warnings/root-without-credential.json'))
    expect(result.valid).toBe(true)
    expect(issuesOf(readFixture('warnings/root-without-credential.json'))).toEqual([
      { code: 'root-without-credential', severity: 'warning', path: '/users/0' },
    ])
  })
})

describe('validateEntities checks', () => {
  it('reports every dangling reference of the link collections and credentials', () => {
    const doc = northwind()
    doc.userGroupMembers[0]!.groupId = 'no-such-group'
    doc.userAccounts[0]!.userId = 'ghost@northwind.example'
    doc.userAccounts[1]!.accountId = 'eip155:1:0x0000000000000000000000000000000000000000'
    doc.accountGroupMembers[0]!.accountId = 'gone'
    doc.accountGroupMembers[1]!.groupId = 'gone'
    doc.credentials[3]!.userId = 'ghost@northwind.example'
    expect(issuesOf(doc)).toEqual([
      { code: 'dangling-reference', severity: 'error', path: '/userGroupMembers/0/groupId' },
      { code: 'dangling-reference', severity: 'error', path: '/userAccounts/0/userId' },
      { code: 'dangling-reference', severity: 'error', path: '/userAccounts/1/accountId' },
      { code: 'dangling-reference', severity: 'error', path: '/accountGroupMembers/0/accountId' },
      { code: 'dangling-reference', severity: 'error', path: '/accountGroupMembers/1/groupId' },
      { code: 'dangling-reference', severity: 'error', path: '/credentials/3/userId' },
    ])
  })

  it('matches references case-insensitively, like ids', () => {
    const doc = northwind()
    doc.userGroupMembers[0]!.userId = doc.userGroupMembers[0]!.userId.toUpperCase()
    expect(validateEntities(doc)).toEqual({ valid: true, issues: [], entities: doc })
  })

  it('finds duplicate ids in every collection that has ids', () => {
    const doc = northwind()
    doc.userGroups.push({ ...doc.userGroups[0]! })
    doc.accounts.push({ ...doc.accounts[0]!, chainId: 59144 })
    doc.accountGroups.push({ id: doc.accountGroups[0]!.id.toUpperCase() })
    doc.tokens.push({ ...doc.tokens[0]!, address: doc.tokens[0]!.address.toLowerCase() })
    doc.addressBook.push({ ...doc.addressBook[0]!, chainId: 59144 })
    const codes = issuesOf(doc).map(({ code, path }) => `${code} ${path}`)
    expect(codes).toEqual([
      `duplicate-id /userGroups/${doc.userGroups.length - 1}/id`,
      `duplicate-id /accounts/${doc.accounts.length - 1}/id`,
      `duplicate-id /accountGroups/${doc.accountGroups.length - 1}/id`,
      `duplicate-id /tokens/${doc.tokens.length - 1}/id`,
      `duplicate-id /addressBook/${doc.addressBook.length - 1}/id`,
    ])
  })

  it('finds repeated rows in userAccounts and accountGroupMembers', () => {
    const doc = northwind()
    doc.userAccounts.push({ ...doc.userAccounts[0]! })
    doc.accountGroupMembers.push({ ...doc.accountGroupMembers[0]! })
    expect(issuesOf(doc)).toEqual([
      {
        code: 'duplicate-membership',
        severity: 'error',
        path: `/userAccounts/${doc.userAccounts.length - 1}`,
        related: '/userAccounts/0',
      },
      {
        code: 'duplicate-membership',
        severity: 'error',
        path: `/accountGroupMembers/${doc.accountGroupMembers.length - 1}`,
        related: '/accountGroupMembers/0',
      },
    ])
  })

  it('compares the token id address case-insensitively and reports a different address', () => {
    const doc = northwind()
    const usdc = doc.tokens[0]!
    usdc.id = usdc.id.toUpperCase().replace('EIP155', 'eip155').replace('ERC20', 'erc20').replace('0X', '0x')
    expect(validateEntities(doc).issues).toEqual([])
    usdc.address = doc.tokens[1]!.address
    expect(issuesOf(doc)).toEqual([
      { code: 'token-id-mismatch', severity: 'error', path: '/tokens/0/id', related: '/tokens/0/address' },
    ])
  })

  it('warns about an address-book entry repeated with the same classification', () => {
    const doc = northwind()
    doc.addressBook.push({ ...doc.addressBook[0]!, id: 'binance-hot-wallet' })
    const last = doc.addressBook.length - 1
    expect(validateEntities(doc).valid).toBe(true)
    expect(issuesOf(doc)).toEqual([
      {
        code: 'address-book-duplicate',
        severity: 'warning',
        path: `/addressBook/${last}`,
        related: '/addressBook/0',
      },
    ])
  })

  it('refuses a mixed-case address whose EIP-55 checksum fails, a sign of a mistyped digit', () => {
    // An address as EIP-55 writes it, then with one digit mistyped (5 for 4) and with one letter's case lost.
    const published = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
    const mistyped = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96044'
    const recased = '0xd8dA6Bf26964aF9D7eEd9e03E53415D37aA96045'
    const doc = northwind()
    doc.addressBook.push({ id: 'vitalik', address: published, chainId: 10, classification: 'external' })
    // Lowercase and uppercase addresses carry no checksum.
    doc.accounts[0]!.address = doc.accounts[0]!.address.toLowerCase()
    doc.tokens[0]!.address = `0x${doc.tokens[0]!.address.slice(2).toUpperCase()}`
    expect(validateEntities(doc, { checksums: true })).toEqual({ valid: true, issues: [], entities: doc })
    const last = doc.addressBook.length - 1
    for (const address of [mistyped, recased]) {
      doc.addressBook[last]!.address = address
      expect(issuesOf(doc, { checksums: true })).toEqual([
        { code: 'address-checksum', severity: 'error', path: `/addressBook/${last}/address` },
      ])
      // Checksums are checked only when asked for: they cost a keccak-256 per address.
      expect(validateEntities(doc).valid).toBe(true)
    }
  })

  it('skips the checksums of the addresses it is told were checked before, written exactly so', () => {
    const mistyped = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96044'
    const doc = northwind()
    doc.addressBook.push({ id: 'vitalik', address: mistyped, chainId: 10, classification: 'external' })
    const at = `/addressBook/${doc.addressBook.length - 1}/address`
    expect(validateEntities(doc, { checksums: { except: new Set([mistyped]) } }).valid).toBe(true)
    // Another spelling of the address, or another address, is checked.
    for (const except of [new Set([mistyped.toLowerCase()]), new Set<string>()]) {
      expect(issuesOf(doc, { checksums: { except } })).toEqual([
        { code: 'address-checksum', severity: 'error', path: at },
      ])
    }
    // A list where a set belongs is refused, not read as "no checksums".
    expect(() => validateEntities(doc, { checksums: { except: [mistyped] } as never })).toThrow(TypeError)
  })

  it('allows the same address on different chains', () => {
    const doc = northwind()
    const sameAddressChains = new Set(
      doc.accounts.filter((a) => a.address === doc.accounts[0]!.address).map((a) => a.chainId),
    )
    expect(sameAddressChains.size).toBeGreaterThan(1)
    expect(validateEntities(doc).issues).toEqual([])
  })

  it('checks entries on a chain id too large for an exact number like any other', () => {
    const chainId = 2 ** 64
    const doc = northwind()
    const account = doc.accounts[0]!
    doc.accounts.push({ ...account, id: 'a', chainId }, { ...account, id: 'b', chainId })
    const entry = doc.addressBook[0]!
    doc.addressBook.push(
      { ...entry, id: 'x', chainId },
      { ...entry, id: 'y', chainId, classification: 'internal' },
    )
    doc.tokens[0]!.chainId = chainId
    const accounts = doc.accounts.length
    const entries = doc.addressBook.length
    expect(issuesOf(doc)).toEqual([
      {
        code: 'duplicate-account-address',
        severity: 'error',
        path: `/accounts/${accounts - 1}/address`,
        related: `/accounts/${accounts - 2}/address`,
      },
      { code: 'token-id-mismatch', severity: 'error', path: '/tokens/0/id', related: '/tokens/0/chainId' },
      {
        code: 'address-book-conflict',
        severity: 'error',
        path: `/addressBook/${entries - 1}/classification`,
        related: `/addressBook/${entries - 2}/classification`,
      },
    ])
  })

  it('reports every schema error, not just the first', () => {
    const doc = northwind() as unknown as Record<string, Array<Record<string, unknown>>>
    doc.users![0]!.role = 'owner'
    doc.accounts![3]!.accountType = 'multisig'
    delete doc.tokens![2]!.decimals
    expect(issuesOf(doc)).toEqual([
      { code: 'schema.enum', severity: 'error', path: '/users/0/role' },
      { code: 'schema.enum', severity: 'error', path: '/accounts/3/accountType' },
      { code: 'schema.required', severity: 'error', path: '/tokens/2/decimals' },
    ])
  })

  it('bounds the number of issues it collects', () => {
    const doc = northwind()
    for (let i = 0; i < 50; i++) doc.userGroupMembers.push({ userId: `nobody-${i}`, groupId: 'treasury' })
    const { issues, valid } = validateEntities(doc, { maxIssues: 10 })
    expect(valid).toBe(false)
    expect(issues).toHaveLength(11)
    expect(issues[10]).toMatchObject({ code: 'issues-truncated', severity: 'warning' })
    expect(issues[10]!.message).toContain('40 more issues')
  })

  it('keeps an error among the issues it reports when warnings fill the bound first', () => {
    const doc = northwind()
    // Address-book repeats are warnings, checked before the credentials that carry the one error.
    for (let i = 0; i < 12; i++) doc.addressBook.push({ ...doc.addressBook[0]!, id: `repeat-${i}` })
    doc.credentials[0]!.key = { ...doc.credentials[0]!.key, kty: 'oct' }
    const { issues, valid } = validateEntities(doc, { maxIssues: 10 })
    expect(valid).toBe(false)
    expect(issues).toHaveLength(11)
    expect(issues.filter((issue) => issue.severity === 'error')).toEqual([
      expect.objectContaining({ code: 'jwk.unsupported-kty', path: '/credentials/0/key/kty' }),
    ])
    expect(issues[10]).toMatchObject({ code: 'issues-truncated', severity: 'warning' })
    expect(issues[10]!.message).toContain('3 more issues')
  })

  it('rejects empty ids', () => {
    const doc = northwind()
    doc.userGroups[1]!.id = ''
    expect(issuesOf(doc)).toContainEqual({ code: 'empty-id', severity: 'error', path: '/userGroups/1/id' })
  })

  it('reports a non-object document through the schema, without crashing', () => {
    for (const doc of [null, 42, 'entities', [], [{ users: [] }]]) {
      expect(issuesOf(doc)).toEqual([{ code: 'schema.type', severity: 'error', path: '' }])
    }
  })

  it('runs its checks on what is well-typed even when the schema fails', () => {
    const doc = {
      ...northwind(),
      userGroupMembers: 'everyone',
      users: [{ id: 'x', role: 'root' }, { id: 'X' }, 7],
    }
    const codes = issuesOf(doc).map(({ code, path }) => `${code} ${path}`)
    expect(codes).toContain('schema.type /userGroupMembers')
    expect(codes).toContain('schema.required /users/1/role')
    expect(codes).toContain('duplicate-id /users/1/id')
  })
})

describe('validateEntities on a large broken document', () => {
  it('gathers the schema errors of its items without copying those gathered so far for each one', () => {
    const count = 10_000
    const doc = northwind()
    const account = doc.accounts[0]!
    for (let i = 0; i < count; i++) {
      doc.accounts.push({ ...account, id: `extra-${i}`, address: `0x${i}`, label: 'x' } as never)
    }
    // Counts the elements each array concatenation copies: appending each item's errors to a copy of all the
    // errors before it makes the work grow with the square of the broken items.
    let copied = 0
    const concat = Array.prototype.concat
    Array.prototype.concat = function (this: unknown[], ...items: unknown[]) {
      copied += this.length
      return concat.apply(this, items)
    }
    let issues: number
    try {
      issues = validateEntities(doc, { maxIssues: 2 * count }).issues.length
    } finally {
      Array.prototype.concat = concat
    }
    expect(issues).toBe(2 * count)
    expect(copied).toBeLessThan(10 * count)
  })
})

describe('validateEntities on partial documents', () => {
  it('detects the kind and applies its schema', () => {
    expect(validateEntities({ userGroups: [{ id: 'treasury' }] }).valid).toBe(true)
    // The user-group-only document has `id` alone.
    expect(issuesOf({ userGroups: [{ id: 'treasury', name: 'Treasury' }] })).toEqual([
      { code: 'schema.additionalProperties', severity: 'error', path: '/userGroups/0/name' },
    ])
  })

  it('makes chainId optional and the type eoa in the account-only document', () => {
    const address = '0x800d6b5D1bA8ee5abf89019b4f7D89329d407B69'
    expect(validateEntities({ accounts: [{ id: 'a', address, accountType: 'eoa' }] }).valid).toBe(true)
    expect(issuesOf({ accounts: [{ id: 'a', address, accountType: '4337', chainId: 1 }] })).toEqual([
      { code: 'schema.enum', severity: 'error', path: '/accounts/0/accountType' },
    ])
    expect(
      issuesOf({
        accounts: [
          { id: 'a', address, accountType: 'eoa' },
          { id: 'b', address: address.toLowerCase(), accountType: 'eoa' },
        ],
      }),
    ).toEqual([
      {
        code: 'duplicate-account-address',
        severity: 'error',
        path: '/accounts/1/address',
        related: '/accounts/0/address',
      },
    ])
  })

  it('requires chainId in the address-book document', () => {
    const entry = {
      id: 'x',
      address: '0x28C6c06298d514Db089934071355E5743bf21d60',
      classification: 'counterparty',
    }
    expect(issuesOf({ addressBook: [entry] })).toEqual([
      { code: 'schema.required', severity: 'error', path: '/addressBook/0/chainId' },
    ])
  })

  it('names the credential key publicKey in the credential-only document', () => {
    const { credentials } = northwind()
    const partial = credentials.slice(0, 2).map(({ key, ...rest }) => ({ ...rest, publicKey: key }))
    expect(validateEntities({ credentials: partial })).toEqual({
      valid: true,
      issues: [],
      entities: { credentials: partial },
    })
    partial[1]!.publicKey = { ...partial[1]!.publicKey, kid: partial[0]!.publicKey.kid }
    expect(issuesOf({ credentials: partial })).toEqual([
      {
        code: 'duplicate-kid',
        severity: 'error',
        path: '/credentials/1/publicKey/kid',
        related: '/credentials/0/publicKey/kid',
      },
    ])
    expect(issuesOf({ credentials: credentials.slice(0, 1) }, { kind: 'credential' })).toEqual([
      { code: 'schema.required', severity: 'error', path: '/credentials/0/publicKey' },
      { code: 'schema.additionalProperties', severity: 'error', path: '/credentials/0/key' },
    ])
  })

  it('checks only the references whose targets the document holds', () => {
    expect(
      validateEntities({
        userGroups: [{ id: 'treasury' }],
        userGroupMembers: [
          { userId: 'someone-elsewhere', groupId: 'treasury' },
          { userId: 'someone-elsewhere', groupId: 'ops' },
        ],
      }).issues,
    ).toMatchObject([{ code: 'dangling-reference', path: '/userGroupMembers/1/groupId' }])
  })

  it('accepts a $schema member naming the schema, for editors', () => {
    const $schema = 'https://rampart.dev/schemas/entities/entities.schema.json'
    const named = { $schema, ...northwind() }
    expect(validateEntities(named)).toEqual({ valid: true, issues: [], entities: named })
    expect(
      validateEntities({ $schema: 'https://rampart.dev/schemas/entities/user.schema.json', users: [] }).valid,
    ).toBe(true)
  })

  it('validates against the full schema when told so, whatever the document holds', () => {
    const codes = issuesOf({ users: [] }, { kind: 'full' }).map(({ code }) => code)
    expect(codes).toHaveLength(9)
    expect(new Set(codes)).toEqual(new Set(['schema.required']))
  })

  it('refuses a kind it does not know with an error that names the kinds, inherited names included', () => {
    for (const kind of ['wallet', 'constructor', '__proto__', 'toString']) {
      for (const run of [validateEntities, loadEntities]) {
        expect(() => run({ users: [] }, { kind: kind as never })).toThrow(
          new TypeError(
            `unknown entity kind ${JSON.stringify(kind)}; expected one of ${entityKindNames.join(', ')}`,
          ),
        )
      }
    }
  })
})

describe('the valid result narrows the document for the caller', () => {
  it('to Entities for the full kind, with the index from loadEntities', () => {
    const doc: unknown = northwind()
    const result = validateEntities(doc, { kind: 'full' })
    expectTypeOf(result.entities).toEqualTypeOf<Entities | undefined>()
    if (!result.valid) throw new Error('northwind is valid')
    expectTypeOf(result.entities).toEqualTypeOf<Entities>()
    expect(result.entities).toBe(doc)
    expect(result.entities.users.length).toBeGreaterThan(0)

    const loaded = loadEntities(doc, { kind: 'full' })
    expectTypeOf(loaded.index).toEqualTypeOf<EntityIndex | undefined>()
    if (!loaded.valid) throw new Error('northwind is valid')
    expectTypeOf(loaded.entities).toEqualTypeOf<Entities>()
    expectTypeOf(loaded.index).toEqualTypeOf<EntityIndex>()
    expect(loaded.index.user(loaded.entities.users[0]!.id)).toBe(loaded.entities.users[0])
  })

  it("to a partial kind's document, or to any kind's when the kind is detected", () => {
    const users = validateEntities({ users: [{ id: 'amelia', role: 'root' }] }, { kind: 'user' })
    if (!users.valid) throw new Error('a users-only document is valid')
    expectTypeOf(users.entities).toEqualTypeOf<UserEntities>()
    const detected = validateEntities({ users: [{ id: 'amelia', role: 'root' }] })
    if (!detected.valid) throw new Error('a users-only document is valid')
    expectTypeOf(detected.entities).toEqualTypeOf<EntityDocument>()
    expect(detected.entities).toEqual({ users: [{ id: 'amelia', role: 'root' }] })
  })

  it('to nothing when invalid', () => {
    const result = loadEntities({ users: 'none' }, { kind: 'full' })
    expect(result).toMatchObject({ valid: false })
    expect(result).not.toHaveProperty('entities')
    expect(result).not.toHaveProperty('index')
    if (result.valid) throw new Error('the document is invalid')
    expectTypeOf(result.entities).toEqualTypeOf<undefined>()
  })
})
