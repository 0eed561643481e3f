import { bytesToHex } from '@noble/hashes/utils.js'
import { base58 } from '@scure/base'
import { HDKey } from '@scure/bip32'
import { HDKey as Slip10Key } from 'micro-key-producer/slip10.js'
import type { Hex } from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { ProviderError } from '../../core/errors/providerErrors'
import type { LocalNetwork } from './networks'

/** A key the local provider signs with. Private keys never leave the keyring's session. */
export type LocalKey =
  | {
      curve: 'secp256k1'
      path: string
      privateKey: Hex
      publicKey: Hex
      address: string
      account: PrivateKeyAccount
    }
  | { curve: 'ed25519'; path: string; privateKey: Uint8Array; publicKey: Hex; address: string }

export interface Keyring {
  /** BIP-32 master key fingerprint, hex; prefixes every externalId of the connection. */
  readonly fingerprint: string
  key(network: LocalNetwork, walletIndex: number, addressIndex: number): LocalKey
}

/**
 * Derivation paths:
 * - EVM networks (coin type 60): BIP-44 `m/44'/60'/<wallet>'/0/<address>`, so wallet 0 address 0 is the
 *   usual first account of any BIP-39 wallet.
 * - Solana (coin type 501): SLIP-0010 ed25519 `m/44'/501'/<wallet>'/<address>'`.
 */
export function derivationPath(network: LocalNetwork, walletIndex: number, addressIndex: number): string {
  return network.kind === 'evm'
    ? `m/44'/${network.coinType}'/${walletIndex}'/0/${addressIndex}`
    : `m/44'/${network.coinType}'/${walletIndex}'/${addressIndex}'`
}

export function fingerprintOf(seed: Uint8Array): string {
  return HDKey.fromMasterSeed(seed).fingerprint.toString(16).padStart(8, '0')
}

export function createKeyring(seed: Uint8Array): Keyring {
  const root = HDKey.fromMasterSeed(seed)
  const fingerprint = root.fingerprint.toString(16).padStart(8, '0')
  const cache = new Map<string, LocalKey>()
  return {
    fingerprint,
    key(network, walletIndex, addressIndex) {
      const path = derivationPath(network, walletIndex, addressIndex)
      const cached = cache.get(path)
      if (cached) return cached
      let key: LocalKey
      if (network.kind === 'evm') {
        const privateKey = root.derive(path).privateKey
        if (!privateKey) throw new ProviderError('STORAGE_CORRUPT', 'The wallet seed yields no private key')
        const privateKeyHex = `0x${bytesToHex(privateKey)}` as Hex
        const account = privateKeyToAccount(privateKeyHex)
        key = {
          curve: 'secp256k1',
          path,
          privateKey: privateKeyHex,
          publicKey: account.publicKey,
          address: account.address,
          account,
        }
      } else {
        // SLIP-0010: ed25519 has hardened derivation only, which the network's path template respects.
        const node = Slip10Key.fromMasterSeed(seed).derive(path)
        key = {
          curve: 'ed25519',
          path,
          privateKey: node.privateKey,
          publicKey: `0x${bytesToHex(node.publicKeyRaw)}`,
          address: base58.encode(node.publicKeyRaw),
        }
      }
      cache.set(path, key)
      return key
    },
  }
}
