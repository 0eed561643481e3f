import type { PriceConfig } from '../../core/config/gatewayConfig'
import { coinGeckoPriceSource } from './coinGeckoPriceSource'
import type { PriceSource } from './priceSource'
import { staticPriceSource } from './staticPriceSource'

/** The price source the configuration names: a static table (empty when none is configured) or the HTTP API. */
export function createPriceSource(
  config: PriceConfig | undefined,
  options: { clock?: () => Date; warn?: (message: string) => void; fetch?: typeof fetch } = {},
): PriceSource {
  const source = config?.source
  if (source?.kind !== 'coingecko') return staticPriceSource(source?.table ?? {}, options.clock)
  return coinGeckoPriceSource({
    ...source,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    onFailure: (error) => options.warn?.(error.message),
  })
}
