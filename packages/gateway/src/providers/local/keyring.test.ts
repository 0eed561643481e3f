import { mnemonicToSeedSync } from '@scure/bip39'
import { describe, expect, it } from 'vitest'
import { createKeyring } from './keyring'
import { localNetworks } from './networks'

// The well-known development mnemonic (Hardhat, Anvil, Foundry) and its standard BIP-44 addresses.
const mnemonic = 'test test test test test test test test test test test junk'
const seed = mnemonicToSeedSync(mnemonic)

describe('createKeyring', () => {
  const keyring = createKeyring(seed)

  it("derives the standard addresses at m/44'/60'/0'/0/i", () => {
    const ethereum = localNetworks.ETHEREUM!
    expect(keyring.key(ethereum, 0, 0)).toMatchObject({
      curve: 'secp256k1',
      path: "m/44'/60'/0'/0/0",
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    })
    expect(keyring.key(ethereum, 0, 1).address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    expect(keyring.key(ethereum, 0, 2).address).toBe('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')
  })

  it('uses the same key on every EVM network (coin type 60)', () => {
    expect(keyring.key(localNetworks.BASE!, 0, 0).address).toBe(
      keyring.key(localNetworks.POLYGON!, 0, 0).address,
    )
  })

  it('separates wallets by BIP-44 account index', () => {
    const ethereum = localNetworks.ETHEREUM!
    expect(keyring.key(ethereum, 1, 0).path).toBe("m/44'/60'/1'/0/0")
    expect(keyring.key(ethereum, 1, 0).address).not.toBe(keyring.key(ethereum, 0, 0).address)
  })

  it("derives Solana ed25519 keys at m/44'/501'/w'/i' with base58 addresses", () => {
    const key = keyring.key(localNetworks.SOLANA!, 0, 0)
    expect(key.curve).toBe('ed25519')
    expect(key.path).toBe("m/44'/501'/0'/0'")
    expect(key.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    expect(key.publicKey).toMatch(/^0x[0-9a-f]{64}$/)
  })

  it("derives the Solana address wallets give the BIP-39 test mnemonic at m/44'/501'/0'/0'", () => {
    const abandon = mnemonicToSeedSync(`${'abandon '.repeat(11)}about`)
    const reference = createKeyring(abandon)
    expect(reference.key(localNetworks.SOLANA!, 0, 0).address).toBe(
      'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk',
    )
    expect(reference.key(localNetworks.ETHEREUM!, 0, 0).address).toBe(
      '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    )
  })

  it('reports the BIP-32 master fingerprint', () => {
    expect(keyring.fingerprint).toMatch(/^[0-9a-f]{8}$/)
    expect(createKeyring(seed).fingerprint).toBe(keyring.fingerprint)
  })
})
