import { and, asc, eq } from 'drizzle-orm'
import type { Database } from '../core/database/openDatabase'
import { accounts, addresses, networks } from '../core/database/schema'
import { GatewayError } from '../core/errors/gatewayError'

/** The key a request signs with, as the gateway knows it and as the provider names it. */
export type Signer = {
  accountId: string
  accountExternalId: string
  addressId: string
  addressExternalId: string
  address: string
  networkId: string
  /** The network's type (`evm`, `bitcoin`, ...), which a grant's network category names. */
  networkType: string
  /** The network's EIP-155 chain id; null on non-EVM networks. */
  chainId: number | null
  /** The entities account id the policies know this signer as (the resource). */
  resource: string
}

export type SourceRef = { type: 'account'; id: string; addressId?: string }

/**
 * Resolves a body's `source` to the account, the address and the network of the caller's connection.
 * Another client's or connection's account is indistinguishable from a missing one.
 */
export async function resolveSigner(
  db: Database,
  scope: { clientId: string; connectionId: string },
  source: SourceRef,
  pointer = '/source',
): Promise<Signer> {
  const [account] = await db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.accountId, source.id),
        eq(accounts.clientId, scope.clientId),
        eq(accounts.connectionId, scope.connectionId),
      ),
    )
  if (!account) throw new GatewayError('ACCOUNT_NOT_FOUND', 'Account not found')
  const [address] = await db
    .select()
    .from(addresses)
    .where(
      and(
        eq(addresses.accountId, account.accountId),
        source.addressId === undefined ? undefined : eq(addresses.addressId, source.addressId),
      ),
    )
    .orderBy(asc(addresses.createdAt), asc(addresses.addressId))
    .limit(1)
  if (!address) {
    throw new GatewayError('VALIDATION_FAILED', 'The source has no such address', {
      issues: [
        {
          path: `${pointer}/${source.addressId === undefined ? 'id' : 'addressId'}`,
          message: 'has no address',
        },
      ],
    })
  }
  const [network] = await db
    .select({ evmChainId: networks.evmChainId, type: networks.type })
    .from(networks)
    .where(eq(networks.networkId, account.networkId))
  const chainId = network?.evmChainId ?? null
  return {
    accountId: account.accountId,
    accountExternalId: account.externalId,
    addressId: address.addressId,
    addressExternalId: address.externalId,
    address: address.address,
    networkId: account.networkId,
    networkType: network?.type ?? 'unknown',
    chainId,
    resource: chainId === null ? address.address : `eip155:${chainId}:${address.address}`,
  }
}
