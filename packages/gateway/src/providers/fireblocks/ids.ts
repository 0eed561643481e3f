import { ProviderError } from '../../core/errors/providerErrors'

/**
 * Identifiers: a wallet is a vault account (`<vaultId>`), an account the vault's native asset wallet on one network
 * (`<vaultId>:<NETWORK_ID>`), an address one address of it (`<vaultId>:<NETWORK_ID>:<address>`).
 */
export const accountIdOf = (vaultId: string, networkId: string) => `${vaultId}:${networkId}`
export const addressIdOf = (vaultId: string, networkId: string, address: string) =>
  `${vaultId}:${networkId}:${address}`

export function parseAccountId(accountExternalId: string): { vaultId: string; networkId: string } {
  const [vaultId, networkId, ...rest] = accountExternalId.split(':')
  if (!vaultId || !networkId || rest.length > 0 || !/^\d+$/.test(vaultId)) {
    throw new ProviderError('NOT_FOUND', 'Unknown Fireblocks account', { path: '/accountExternalId' })
  }
  return { vaultId, networkId }
}

/** The address of an address id, when the id is one of this account's. */
export function addressOfId(
  accountExternalId: string,
  addressExternalId: string | undefined,
): string | undefined {
  if (addressExternalId === undefined) return undefined
  const prefix = `${accountExternalId}:`
  if (!addressExternalId.startsWith(prefix)) {
    throw new ProviderError('NOT_FOUND', 'The address is not one of the account’s', {
      path: '/addressExternalId',
    })
  }
  return addressExternalId.slice(prefix.length)
}
