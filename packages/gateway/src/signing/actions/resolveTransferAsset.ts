import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../../core/database/openDatabase'
import { assets } from '../../core/database/schema'
import { GatewayError } from '../../core/errors/gatewayError'

export type TransferAssetRef = {
  assetId?: string
  externalAssetId?: string
  address?: string
  networkId?: string
}

/**
 * Finds the asset of a transfer: by assetId, by the provider's externalAssetId, or by contract address on a
 * network. When several are given they must name the same asset.
 */
export async function resolveTransferAsset(db: Database, provider: string, ref: TransferAssetRef) {
  const conditions = []
  if (ref.assetId !== undefined) conditions.push(eq(assets.assetId, ref.assetId))
  if (ref.externalAssetId !== undefined) {
    conditions.push(
      sql`${assets.externalAssets} @> ${JSON.stringify([{ provider, externalId: ref.externalAssetId }])}::jsonb`,
    )
  }
  if (ref.address !== undefined)
    conditions.push(sql`lower(${assets.onchainId}) = ${ref.address.toLowerCase()}`)
  if (ref.networkId !== undefined) conditions.push(eq(assets.networkId, ref.networkId))
  if (ref.assetId === undefined && ref.externalAssetId === undefined && ref.address === undefined) {
    throw new GatewayError('VALIDATION_FAILED', 'The asset is not identified', {
      issues: [{ path: '/asset', message: 'needs assetId, externalAssetId, or address with networkId' }],
    })
  }
  const rows = await db
    .select()
    .from(assets)
    .where(and(...conditions))
    .limit(2)
  if (rows.length === 0) throw new GatewayError('ASSET_NOT_FOUND', 'Asset not found')
  if (rows.length > 1) {
    throw new GatewayError('VALIDATION_FAILED', 'The asset is ambiguous', {
      issues: [{ path: '/asset', message: 'matches several assets: add networkId or use assetId' }],
    })
  }
  return rows[0]!
}

/**
 * An amount in asset units as base units. Negative amounts, zero, and more decimals than the asset has are refused:
 * nothing is ever rounded.
 */
export function toBaseUnits(amount: string, decimals: number, pointer = '/amount'): bigint {
  const refuse = (message: string, code: string) => {
    throw new GatewayError('AMOUNT_INVALID', 'The amount is invalid', {
      issues: [{ path: pointer, message, keyword: code }],
    })
  }
  if (amount.startsWith('-')) refuse('must not be negative', 'negative')
  const [whole = '0', fraction = ''] = amount.split('.')
  if (fraction.length > decimals) refuse(`has more than the asset's ${decimals} decimals`, 'decimals')
  const base = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0')
  if (base === 0n) refuse('must be greater than zero', 'zero')
  return base
}
