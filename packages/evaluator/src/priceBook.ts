import type { EvaluationRequest } from './generated/evaluationRequest'

type PriceTable = NonNullable<EvaluationRequest['prices']>

/** How old a price may be, in seconds, when the evaluator is not told otherwise. */
export const DEFAULT_PRICE_MAX_AGE = 300

/** A price a decision needs that the request lacks, or that is too old: the decision is refused, never permitted. */
export class PriceUnavailable extends Error {
  constructor(
    message: string,
    /** JSON Pointer into the evaluation request. */
    readonly path: string,
  ) {
    super(message)
    this.name = 'PriceUnavailable'
  }
}

/** The native currency of an EIP-155 chain, as intents name it. */
export const nativeAsset = (chainId: number | undefined) => `eip155:${chainId ?? 0}/slip44:60`

const escapePointer = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1')

/**
 * The request's prices, looked up by asset id case-insensitively, each checked for age against `now`. Built only
 * when a candidate policy values something in a currency.
 */
export class PriceBook {
  private readonly byAsset = new Map<string, [key: string, prices: PriceTable[string]]>()

  constructor(
    table: PriceTable | undefined,
    private readonly now: number,
    private readonly maxAge: number,
  ) {
    for (const key in table) this.byAsset.set(key.toLowerCase(), [key, table[key] as PriceTable[string]])
  }

  /** The price of one whole `asset` in `currency`, as a decimal string; throws PriceUnavailable when it cannot. */
  price(asset: string, currency: string): string {
    const found = this.byAsset.get(asset.toLowerCase())
    const quote = found?.[1][currency]
    if (!found || !quote) {
      throw new PriceUnavailable(`no price of ${asset} in ${currency} was given`, '/prices')
    }
    const age = this.now - quote.timestamp
    if (age > this.maxAge) {
      throw new PriceUnavailable(
        `the price of ${asset} in ${currency} is ${age} s old, more than the maximum age of ${this.maxAge} s`,
        `/prices/${escapePointer(found[0])}/${currency}/timestamp`,
      )
    }
    return quote.price
  }
}
