/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

import type { Intent } from '@rampart/decoder'
export type { Intent }

/**
 * A non-negative decimal in currency units (1234.56), never a float.
 *
 * This interface was referenced by `EvaluationRequest`'s JSON-Schema
 * via the `definition` "FiatAmount".
 */
export type FiatAmount = string
/**
 * A fiat currency, fiat: and its ISO 4217 code in lowercase (fiat:usd).
 *
 * This interface was referenced by `EvaluationRequest`'s JSON-Schema
 * via the `definition` "Currency".
 */
export type Currency = string

/**
 * What the evaluator decides on: who asks (principal), for what (action, resource, intent from the decoder), who approved, and the transfer history that spending and rate limits count.
 */
export interface EvaluationRequest {
  action:
    'signTransaction' | 'signMessage' | 'signTypedData' | 'signRaw' | 'signUserOperation' | 'grantPermission'
  /**
   * A user id, or the id (kid) of one of a user's credentials.
   */
  principal: string
  /**
   * The account id the request signs with.
   */
  resource?: string
  intent?: Intent
  /**
   * For grantPermission: the permissions asked for.
   *
   * @maxItems 100
   */
  permissions?: string[]
  /**
   * For signRaw: the payload to sign, 0x hex.
   */
  payload?: string
  /**
   * For signRaw: the signing algorithm.
   */
  algorithm?: string
  /**
   * User ids or credential ids whose approval of this request has already been verified.
   *
   * @maxItems 1000
   */
  approvals?: string[]
  /**
   * Past transfers that spending and rate limits count.
   *
   * @maxItems 100000
   */
  history?: HistoryTransfer[]
  /**
   * Past transfers already summed, one window per first second a limit counts back to (the evaluator's historyWindows at `now`): what a caller that keeps running totals, or sums its records in a database, hands instead of the transfers themselves. A limit whose window starts at a second no window names cannot be counted, and the request is refused. Counted beside `history`, not instead of it: hand each past request in one of the two only.
   *
   * @maxItems 1000
   */
  historyTotals?: HistoryWindow[]
  /**
   * Evaluation time, unix seconds; defaults to the clock. Limit windows end here.
   */
  now?: number
  prices?: PriceTable
}
/**
 * This interface was referenced by `EvaluationRequest`'s JSON-Schema
 * via the `definition` "HistoryTransfer".
 */
export interface HistoryTransfer {
  /**
   * Base units.
   */
  amount: string
  /**
   * CAIP-19 asset id.
   */
  token?: string
  /**
   * The chain; 0 for a request signed for no chain (a personal message, typed data whose domain names none), which a limit on chains counts on every chain, as the signature is valid on each.
   */
  chainId?: number
  /**
   * User id who made the transfer.
   */
  principal?: string
  /**
   * Account id the transfer left from.
   */
  resource?: string
  to?: string
  /**
   * Unix seconds.
   */
  timestamp: number
  /**
   * The request the transfer was part of: a rate limit counts the transfers of one request once.
   */
  requestId?: string
  /**
   * The transfer's value in each currency, at the price of its own decision (rounded up to 10^-6), recorded with it: what a spending limit in that currency sums.
   */
  values?: {
    [k: string]: FiatAmount
  }
}
/**
 * This interface was referenced by `EvaluationRequest`'s JSON-Schema
 * via the `definition` "HistoryWindow".
 */
export interface HistoryWindow {
  /**
   * The first second (unix seconds, inclusive) the totals count from: every past transfer stamped at or after it is in them, and none before.
   */
  since: number
  /**
   * The transfers since then, summed per kind of request.
   *
   * @maxItems 100000
   */
  totals: HistoryTotal[]
}
/**
 * Requests that each moved the same things (the same tokens, chains, principals, resources and destinations), summed: a rate limit counts them all when any of the movements passes its filters, as it counts one request once.
 *
 * This interface was referenced by `EvaluationRequest`'s JSON-Schema
 * via the `definition` "HistoryTotal".
 */
export interface HistoryTotal {
  /**
   * How many requests these are.
   */
  requests: number
  /**
   * What each of the requests moved, one entry per token, chain, principal, resource and destination, with the amounts of all of them summed.
   *
   * @minItems 1
   * @maxItems 1000
   */
  movements: [HistoryMovement, ...HistoryMovement[]]
}
/**
 * This interface was referenced by `EvaluationRequest`'s JSON-Schema
 * via the `definition` "HistoryMovement".
 */
export interface HistoryMovement {
  /**
   * Base units, summed over the requests (beyond uint256 when many large amounts add up).
   */
  amount: string
  /**
   * CAIP-19 asset id.
   */
  token?: string
  /**
   * The chain; 0 for requests signed for no chain, which a limit on chains counts on every chain.
   */
  chainId?: number
  /**
   * User id who made the transfers.
   */
  principal?: string
  /**
   * Account id the transfers left from.
   */
  resource?: string
  to?: string
  /**
   * The value of the summed amounts in each currency, each request's at the price of its own decision (the sum of their recorded values): what a spending limit in that currency sums. A currency is here only when every request summed recorded it; one absent is valued at the request's prices.
   */
  values?: {
    [k: string]: FiatAmount
  }
}
/**
 * Prices by CAIP-19 asset id (eip155:1/erc20:0x…, eip155:1/slip44:60; case-insensitive), then by currency: what criteria and limits in a currency value amounts at. A price it lacks, or one older than the evaluator's maximum age, refuses a decision that needs it (PRICE_UNAVAILABLE).
 *
 * This interface was referenced by `EvaluationRequest`'s JSON-Schema
 * via the `definition` "PriceTable".
 */
export interface PriceTable {
  [k: string]: {
    [k: string]: Price
  }
}
/**
 * This interface was referenced by `EvaluationRequest`'s JSON-Schema
 * via the `definition` "Price".
 */
export interface Price {
  /**
   * A non-negative decimal in currency units (1234.56), never a float.
   */
  price: string
  /**
   * When the price was quoted, unix seconds.
   */
  timestamp: number
}
