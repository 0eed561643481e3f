/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

import type { Intent } from '@rampart/decoder'
export type { Intent }

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
   * Evaluation time, unix seconds; defaults to the clock. Limit windows end here.
   */
  now?: number
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
}
