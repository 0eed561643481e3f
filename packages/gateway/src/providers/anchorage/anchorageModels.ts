import { ProviderError } from '../../core/errors/providerErrors'

// The parts of Anchorage API v2 responses the adapter reads, with Anchorage's field names. Anything else in a
// response is ignored; a field read here that is missing or of another type makes the response unreadable.

export interface AnchorageVault {
  vaultId: string
  name: string
  description: string
  type: string
}

export interface AnchorageDepositAddress {
  address: string
  addressId: string
}

export interface AnchorageWallet {
  walletId: string
  walletName: string
  vaultId: string
  networkId: string
  isArchived: boolean
  depositAddress: AnchorageDepositAddress | null
}

/** A deposit address of a vault, for one of its wallets. */
export interface AnchorageVaultAddress {
  address: string
  addressId: string
  walletId: string
}

export interface AnchorageTrustedDestination {
  id: string
  type: string
  crypto: { address: string; networkId: string; assetType: string | null; memo: string | null } | null
}

export interface AnchorageResource {
  id: string
  type: string
}

export interface AnchorageTransfer {
  transferId: string
  status: string
  assetType: string
  amount: { assetType: string; quantity: string }
  fee: { assetType: string; quantity: string } | null
  blockchainTxId: string | null
  source: AnchorageResource
  destination: AnchorageResource
  createdAt: string
  endedAt: string | null
}

export interface AnchoragePage<T> {
  data: T[]
  /** The path (and query) of the next page, or null on the last. */
  next: string | null
}

type Json = Record<string, unknown>

/** Thrown for a response that does not have the shape Anchorage documents; names where, never the body itself. */
function unreadable(pointer: string): never {
  throw new ProviderError(
    'PROVIDER_UNAVAILABLE',
    'Anchorage answered with a response the gateway cannot read',
    {
      provider: 'anchorage',
      path: pointer,
    },
  )
}

function object(value: unknown, pointer: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) unreadable(pointer)
  return value as Json
}

function string(parent: Json, key: string, pointer: string): string {
  const value = parent[key]
  if (typeof value !== 'string') unreadable(`${pointer}/${key}`)
  return value
}

function optionalString(parent: Json, key: string, pointer: string): string | null {
  const value = parent[key]
  if (value === undefined || value === null) return null
  if (typeof value !== 'string') unreadable(`${pointer}/${key}`)
  return value
}

export function readPage<T>(body: unknown, readItem: (item: Json, pointer: string) => T): AnchoragePage<T> {
  const root = object(body, '')
  if (!Array.isArray(root.data)) unreadable('/data')
  const page = root.page === undefined ? {} : object(root.page, '/page')
  return {
    data: root.data.map((item, index) => readItem(object(item, `/data/${index}`), `/data/${index}`)),
    next: optionalString(page, 'next', '/page'),
  }
}

export function readOne<T>(body: unknown, readItem: (item: Json, pointer: string) => T): T {
  return readItem(object(object(body, '').data, '/data'), '/data')
}

export function readVault(item: Json, pointer: string): AnchorageVault {
  return {
    vaultId: string(item, 'vaultId', pointer),
    name: string(item, 'name', pointer),
    description: optionalString(item, 'description', pointer) ?? '',
    type: string(item, 'type', pointer),
  }
}

export function readWallet(item: Json, pointer: string): AnchorageWallet {
  const deposit = item.depositAddress
  const depositPointer = `${pointer}/depositAddress`
  const depositAddress =
    deposit === undefined || deposit === null
      ? null
      : {
          address: string(object(deposit, depositPointer), 'address', depositPointer),
          addressId: string(object(deposit, depositPointer), 'addressId', depositPointer),
        }
  if (item.isArchived !== undefined && typeof item.isArchived !== 'boolean')
    unreadable(`${pointer}/isArchived`)
  return {
    walletId: string(item, 'walletId', pointer),
    walletName: string(item, 'walletName', pointer),
    vaultId: string(item, 'vaultId', pointer),
    networkId: string(item, 'networkId', pointer),
    isArchived: item.isArchived === true,
    depositAddress,
  }
}

export function readVaultAddress(item: Json, pointer: string): AnchorageVaultAddress {
  return {
    address: string(item, 'address', pointer),
    addressId: string(item, 'addressId', pointer),
    walletId: string(item, 'walletId', pointer),
  }
}

export function readTrustedDestination(item: Json, pointer: string): AnchorageTrustedDestination {
  const type = string(item, 'type', pointer)
  const cryptoPointer = `${pointer}/crypto`
  const crypto = type === 'crypto' ? object(item.crypto, cryptoPointer) : null
  return {
    id: string(item, 'id', pointer),
    type,
    crypto: crypto && {
      address: string(crypto, 'address', cryptoPointer),
      networkId: string(crypto, 'networkId', cryptoPointer),
      assetType: optionalString(crypto, 'assetType', cryptoPointer),
      memo: optionalString(crypto, 'memo', cryptoPointer),
    },
  }
}

function readAmount(parent: Json, key: string, pointer: string) {
  const amount = object(parent[key], `${pointer}/${key}`)
  return {
    assetType: string(amount, 'assetType', `${pointer}/${key}`),
    quantity: string(amount, 'quantity', `${pointer}/${key}`),
  }
}

function readResource(parent: Json, key: string, pointer: string): AnchorageResource {
  const resource = object(parent[key], `${pointer}/${key}`)
  return {
    id: string(resource, 'id', `${pointer}/${key}`),
    type: string(resource, 'type', `${pointer}/${key}`),
  }
}

export function readTransfer(item: Json, pointer: string): AnchorageTransfer {
  return {
    transferId: string(item, 'transferId', pointer),
    status: string(item, 'status', pointer),
    assetType: string(item, 'assetType', pointer),
    amount: readAmount(item, 'amount', pointer),
    fee: item.fee === undefined || item.fee === null ? null : readAmount(item, 'fee', pointer),
    blockchainTxId: optionalString(item, 'blockchainTxId', pointer),
    source: readResource(item, 'source', pointer),
    destination: readResource(item, 'destination', pointer),
    createdAt: string(item, 'createdAt', pointer),
    endedAt: optionalString(item, 'endedAt', pointer),
  }
}

/** The answer to a create: the transfer's id, and its status when Anchorage includes it. */
export function readCreatedTransfer(
  item: Json,
  pointer: string,
): { transferId: string; status: string | null } {
  return { transferId: string(item, 'transferId', pointer), status: optionalString(item, 'status', pointer) }
}
