import { ProviderError } from '../core/errors/providerErrors'
import type { CustodyProvider } from './types'

/** The custody providers a gateway offers, by provider id. */
export interface ProviderRegistry {
  register(provider: CustodyProvider): void
  /** The provider, or `UNSUPPORTED` when no provider has this id. */
  getProvider(id: string): CustodyProvider
  has(id: string): boolean
  ids(): string[]
}

export function createProviderRegistry(providers: CustodyProvider[] = []): ProviderRegistry {
  const byId = new Map<string, CustodyProvider>()
  const registry: ProviderRegistry = {
    register(provider) {
      if (byId.has(provider.id)) {
        throw new ProviderError('CONFLICT', `A provider with id ${provider.id} is already registered`, {
          providerId: provider.id,
        })
      }
      byId.set(provider.id, provider)
    },
    getProvider(id) {
      const provider = byId.get(id)
      if (!provider) throw new ProviderError('UNSUPPORTED', `Unknown provider ${id}`, { providerId: id })
      return provider
    },
    has: (id) => byId.has(id),
    ids: () => [...byId.keys()],
  }
  for (const provider of providers) registry.register(provider)
  return registry
}
