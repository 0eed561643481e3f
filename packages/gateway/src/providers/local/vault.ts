import { ProviderError } from '../../core/errors/providerErrors'
import type { NetworkId, ProviderPosition, StakeTransaction } from '../types'
import type { EncryptedSeed } from './encryptedSeed'

/** One HD wallet: BIP-44 account `index` of the seed. */
export interface LocalWalletRecord {
  index: number
  label: string | null
  /** Addresses derived so far (address indexes 0 … addressCount-1), on every account of the wallet. */
  addressCount: number
  networkIds: NetworkId[]
  createdAt: string
}

export interface LocalPositionRecord extends ProviderPosition {
  stakeExternalId: string
  createdAt: string
  updatedAt: string
}

export interface LocalStakeRecord {
  externalId: string
  networkId: NetworkId
  accountExternalId: string
  amount: string
  createdAt: string
  positionExternalIds: string[]
  transactions: StakeTransaction[]
  memo: string | null
}

export interface LocalUnstakeRecord {
  externalId: string
  networkId: NetworkId
  accountExternalId: string
  positionExternalId: string
  amount: string
  createdAt: string
  transactions: StakeTransaction[]
}

/**
 * Everything the local provider keeps for one connection. Only `seed` is secret, and it is encrypted
 * (see `encryptedSeed.ts`); the rest is bookkeeping: wallet labels, nonces used offline, staking state.
 */
export interface LocalVault {
  version: 1
  seed: EncryptedSeed
  wallets: LocalWalletRecord[]
  /** Next nonce per `chainId:lowercase address`, for networks signed without an RPC endpoint. */
  nonces: Record<string, number>
  stakes: LocalStakeRecord[]
  unstakes: LocalUnstakeRecord[]
  positions: LocalPositionRecord[]
}

/** Persistence for one connection's vault. Implementations must store the document as is. */
export interface LocalVaultStore {
  load(): Promise<LocalVault | undefined>
  save(vault: LocalVault): Promise<void>
  /** Destroys the vault (connection revoked). Idempotent. */
  destroy(): Promise<void>
}

/** Opens the store of one connection. */
export type LocalVaultStoreFactory = (connectionId: string) => LocalVaultStore

export function assertVault(value: unknown): LocalVault {
  const v = value as LocalVault | null
  const valid =
    typeof v === 'object' &&
    v !== null &&
    v.version === 1 &&
    typeof v.seed === 'object' &&
    v.seed !== null &&
    Array.isArray(v.wallets) &&
    typeof v.nonces === 'object' &&
    v.nonces !== null &&
    Array.isArray(v.stakes) &&
    Array.isArray(v.unstakes) &&
    Array.isArray(v.positions)
  if (!valid) throw new ProviderError('STORAGE_CORRUPT', 'The local provider vault has an unknown format')
  return v
}
