import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { mnemonicToSeedSync } from '@scure/bip39'
import { afterAll, describe, expect, it } from 'vitest'
import { createFileVaultStore } from './fileVaultStore'
import { createLocalProvider } from './localProvider'
import { createMemoryVaultStore } from './memoryVaultStore'

const mnemonic = 'test test test test test test test test test test test junk'
const passphrase = 'a long enough passphrase'
const scrypt = { N: 2 ** 10, r: 8, p: 1 }
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  )

describe('validateCredentials', () => {
  const provider = createLocalProvider({ scrypt })

  it('accepts a passphrase, with an optional BIP-39 mnemonic (whitespace normalized)', () => {
    expect(provider.validateCredentials({ passphrase })).toEqual({ passphrase })
    expect(
      provider.validateCredentials({ passphrase, mnemonic: `  ${mnemonic.replaceAll(' ', '  ')} ` }),
    ).toEqual({
      passphrase,
      mnemonic,
    })
  })

  it.each([
    [null, ''],
    ['secret', ''],
    [{}, '/passphrase'],
    [{ passphrase: 'short' }, '/passphrase'],
    [{ passphrase, mnemonic: 'test test test' }, '/mnemonic'],
    [{ passphrase, mnemonic: mnemonic.replace('junk', 'test') }, '/mnemonic'],
    [{ passphrase, apiKey: 'x' }, '/apiKey'],
  ])('refuses %j with a pointer to %s', (credentials, path) => {
    expect(() => provider.validateCredentials(credentials)).toThrow(
      expect.objectContaining({ code: 'INVALID_CREDENTIALS', details: { path } }),
    )
  })
})

describe('connect', () => {
  it('creates one default wallet with an account per network, at the standard BIP-44 addresses', async () => {
    const provider = createLocalProvider({ scrypt })
    const session = await provider.connect({ passphrase, mnemonic }, { connectionId: 'c1' })
    const wallets = await session.listWallets()
    expect(wallets).toHaveLength(1)
    const [wallet] = wallets
    expect(wallet!.label).toBe('Default')
    expect(wallet!.accounts.map((a) => a.networkId)).toEqual([
      'ETHEREUM',
      'ETHEREUM_SEPOLIA',
      'ETHEREUM_HOLESKY',
      'POLYGON',
      'ARBITRUM',
      'OPTIMISM',
      'BASE',
      'BASE_SEPOLIA',
      'SOLANA',
    ])
    const ethereum = wallet!.accounts[0]!
    expect(ethereum.externalId).toBe(`${wallet!.externalId}:ETHEREUM`)
    expect(ethereum.addresses).toEqual([
      expect.objectContaining({
        externalId: `${ethereum.externalId}:0`,
        accountExternalId: ethereum.externalId,
        address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        derivationPath: "m/44'/60'/0'/0/0",
      }),
    ])
  })

  it('reopens with the passphrase, and refuses a wrong passphrase or another mnemonic', async () => {
    const provider = createLocalProvider({ scrypt })
    const first = await provider.connect({ passphrase }, { connectionId: 'c1' })
    const again = await provider.connect({ passphrase }, { connectionId: 'c1' })
    expect(await again.listWallets()).toEqual(await first.listWallets())
    expect(
      await rejection(provider.connect({ passphrase: `${passphrase}!` }, { connectionId: 'c1' })),
    ).toMatchObject({ code: 'INVALID_CREDENTIALS', httpStatus: 422 })
    expect(await rejection(provider.connect({ passphrase, mnemonic }, { connectionId: 'c1' }))).toMatchObject(
      {
        code: 'INVALID_CREDENTIALS',
        details: { path: '/mnemonic' },
      },
    )
  })

  it('gives each connection its own seed; externalIds never resolve across connections', async () => {
    const provider = createLocalProvider({ scrypt })
    const a = await provider.connect({ passphrase }, { connectionId: 'a' })
    const b = await provider.connect({ passphrase }, { connectionId: 'b' })
    const [walletA] = await a.listWallets()
    const [walletB] = await b.listWallets()
    expect(walletA!.accounts[0]!.addresses[0]!.address).not.toBe(walletB!.accounts[0]!.addresses[0]!.address)
    const accountOfA = walletA!.accounts[0]!.externalId
    expect(await rejection(b.signMessage({ accountExternalId: accountOfA, message: 'x' }))).toMatchObject({
      code: 'NOT_FOUND',
    })
    expect(await rejection(b.deriveAddress({ walletExternalId: walletA!.externalId }))).toMatchObject({
      code: 'NOT_FOUND',
    })
  })

  it('creates wallets on the next BIP-44 account and derives further addresses', async () => {
    const provider = createLocalProvider({ scrypt, walletNetworkIds: ['ETHEREUM', 'BASE'] })
    const session = await provider.connect({ passphrase, mnemonic }, { connectionId: 'c1' })
    const created = await session.createWallet({ label: 'Treasury' })
    expect(created.label).toBe('Treasury')
    expect(created.accounts.map((a) => a.addresses[0]!.derivationPath)).toEqual([
      "m/44'/60'/1'/0/0",
      "m/44'/60'/1'/0/0",
    ])
    const [first] = await session.listWallets()
    const derived = await session.deriveAddress({ walletExternalId: first!.externalId })
    expect(derived.accounts[1]!.addresses.map((a) => a.address)).toEqual([
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    ])
    expect((await session.listWallets()).map((w) => w.label)).toEqual(['Default', 'Treasury'])
    // The second address signs when named.
    const signature = await session.signMessage({
      accountExternalId: derived.accounts[0]!.externalId,
      addressExternalId: derived.accounts[0]!.addresses[1]!.externalId,
      message: 'hello',
    })
    expect(signature.from).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  })

  it('refuses unknown networks in its options', () => {
    expect(() => createLocalProvider({ walletNetworkIds: ['ETHERIUM'] })).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED' }),
    )
    // Names every object inherits are no network either.
    for (const id of ['constructor', 'toString']) {
      expect(() => createLocalProvider({ walletNetworkIds: [id] }), id).toThrow(
        expect.objectContaining({ code: 'UNSUPPORTED' }),
      )
      expect(() => createLocalProvider({ networks: { [id]: {} } }), id).toThrow(
        expect.objectContaining({ code: 'UNSUPPORTED' }),
      )
    }
    expect(() => createLocalProvider({ networks: { ETHEREUM: { rpcUrl: 'file:///etc/passwd' } } })).toThrow(
      expect.objectContaining({ code: 'INVALID_REQUEST' }),
    )
  })
})

describe('revoke', () => {
  it('destroys the vault; every later use of any session of the connection is refused', async () => {
    const vaultStore = createMemoryVaultStore()
    const provider = createLocalProvider({ scrypt, vaultStore })
    const session = await provider.connect({ passphrase, mnemonic }, { connectionId: 'c1' })
    const other = await provider.connect({ passphrase, mnemonic }, { connectionId: 'c1' })
    const untouched = await provider.connect({ passphrase, mnemonic }, { connectionId: 'c2' })
    const [wallet] = await session.listWallets()
    const accountExternalId = wallet!.accounts[0]!.externalId
    await session.revoke()
    expect(await vaultStore('c1').load()).toBeUndefined()
    for (const s of [session, other]) {
      expect(await rejection(s.listWallets())).toMatchObject({ code: 'REVOKED', httpStatus: 409 })
      expect(await rejection(s.signMessage({ accountExternalId, message: 'x' }))).toMatchObject({
        code: 'REVOKED',
      })
      expect(await rejection(s.createWallet({}))).toMatchObject({ code: 'REVOKED' })
    }
    expect(await untouched.listWallets()).toHaveLength(1)
  })
})

describe('file vault store', () => {
  const directories: string[] = []
  afterAll(() => Promise.all(directories.map((d) => rm(d, { recursive: true, force: true }))))

  it('persists vaults across provider instances, encrypted, with mode 0600', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'rampart-vault-'))
    directories.push(directory)
    const first = createLocalProvider({ scrypt, vaultStore: createFileVaultStore(directory) })
    const session = await first.connect({ passphrase, mnemonic }, { connectionId: 'conn/../1' })
    await session.createWallet({ label: 'Ops' })

    const [file] = await readdir(directory)
    expect(file).toMatch(/^[0-9a-f]{64}\.json$/)
    expect((await stat(join(directory, file!))).mode & 0o777).toBe(0o600)
    const text = await readFile(join(directory, file!), 'utf8')
    const seed = Buffer.from(mnemonicToSeedSync(mnemonic))
    expect(text).not.toContain(seed.toString('hex'))
    expect(text).not.toContain(seed.toString('base64url'))
    expect(text).not.toContain('junk')

    const second = createLocalProvider({ scrypt, vaultStore: createFileVaultStore(directory) })
    const reopened = await second.connect({ passphrase }, { connectionId: 'conn/../1' })
    expect((await reopened.listWallets()).map((w) => w.label)).toEqual(['Default', 'Ops'])
    expect(
      await rejection(second.connect({ passphrase: 'not the passphrase' }, { connectionId: 'conn/../1' })),
    ).toMatchObject({ code: 'INVALID_CREDENTIALS' })

    await reopened.revoke()
    expect(await readdir(directory)).toEqual([])
  })

  it('reports a corrupt vault file instead of crashing', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'rampart-vault-'))
    directories.push(directory)
    const store = createFileVaultStore(directory)('c1')
    const { writeFile } = await import('node:fs/promises')
    const { createHash } = await import('node:crypto')
    const path = join(directory, `${createHash('sha256').update('c1').digest('hex')}.json`)
    await writeFile(path, '{not json')
    expect(await rejection(store.load())).toMatchObject({ code: 'STORAGE_CORRUPT' })
    await writeFile(path, JSON.stringify({ version: 9 }))
    expect(await rejection(store.load())).toMatchObject({ code: 'STORAGE_CORRUPT' })
  })
})
