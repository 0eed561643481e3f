import type { FastifyRequest } from 'fastify'
import { GatewayError } from '../core/errors/gatewayError'
import type { ProviderEnvironment } from '../providers/types'
import type { Signer } from '../resources/resolveSigner'

/**
 * Whether a grant's `providers` setting (`production`, `sandbox` or `all`) enables a provider of this
 * environment; a provider that declares none is production.
 */
export function enablesEnvironment(providers: string, environment: ProviderEnvironment | undefined): boolean {
  return providers === 'all' || providers === (environment ?? 'production')
}

/** Whether a grant's `networks` (ids, or a category: `all` or a network type) include this network. */
export function enablesNetwork(networks: string[] | string, network: { id: string; type: string }): boolean {
  if (typeof networks === 'string') return networks === 'all' || networks === network.type
  return networks.includes(network.id)
}

/**
 * Refuses a signing request made with an access token whose grant did not enable the network it signs on: a user
 * who granted access on Ethereum has not granted it on Polygon. Requests without a token are not narrowed.
 */
export function requireGrantedNetwork(request: FastifyRequest, signer: Signer): void {
  const grant = request.grant
  if (!grant || enablesNetwork(grant.networks, { id: signer.networkId, type: signer.networkType })) return
  throw new GatewayError(
    'GRANT_NETWORK_NOT_COVERED',
    `The access token does not cover network ${signer.networkId}`,
    { networkId: signer.networkId },
  )
}
