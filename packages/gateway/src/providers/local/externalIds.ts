import { ProviderError } from '../../core/errors/providerErrors'
import type { NetworkId } from '../types'

/**
 * The local provider's externalIds, all prefixed by the seed's BIP-32 fingerprint:
 * wallet `<fp>:<wallet>`, account `<fp>:<wallet>:<NETWORK_ID>`, address `<fp>:<wallet>:<NETWORK_ID>:<index>`.
 */
export const walletExternalId = (fingerprint: string, walletIndex: number) => `${fingerprint}:${walletIndex}`
export const accountExternalId = (fingerprint: string, walletIndex: number, networkId: NetworkId) =>
  `${fingerprint}:${walletIndex}:${networkId}`
export const addressExternalId = (account: string, addressIndex: number) => `${account}:${addressIndex}`

const pattern = /^([0-9a-f]{8}):(\d{1,6})(?::([A-Z][A-Z0-9_]{0,63})(?::(\d{1,6}))?)?$/

export interface ParsedExternalId {
  fingerprint: string
  walletIndex: number
  networkId?: NetworkId
  addressIndex?: number
}

export function parseExternalId(
  externalId: unknown,
  kind: 'wallet' | 'account' | 'address',
  path: string,
): ParsedExternalId {
  const match = typeof externalId === 'string' ? pattern.exec(externalId) : null
  const parts = match
    ? {
        fingerprint: match[1]!,
        walletIndex: Number(match[2]),
        networkId: match[3],
        addressIndex: match[4] === undefined ? undefined : Number(match[4]),
      }
    : undefined
  const shapeMatches =
    parts !== undefined &&
    (kind === 'wallet'
      ? parts.networkId === undefined
      : kind === 'account'
        ? parts.networkId !== undefined && parts.addressIndex === undefined
        : parts.addressIndex !== undefined)
  if (!shapeMatches) {
    const noun = kind[0]!.toUpperCase() + kind.slice(1)
    throw new ProviderError('NOT_FOUND', `${noun} not found`, { path, externalId })
  }
  return parts
}
