/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * What a signing request record is, carried as `kind` on every record. An approval (a compact JWS, typ rampart-approval+jws) names the record it approves by `{clientId, kind, requestId, iat}`, so an approver signs the record's `kind` as given here. Record ids and idempotenceIds are unique per kind. `transfer`: POST /v1/provider/transfers; `evm.sendTransaction`: POST /v1/provider/evm/send-transaction; `evm.signMessage`: POST /v1/provider/evm/sign-message; `evm.signTypedData`: POST /v1/provider/evm/sign-typed-data; `signRaw`: POST /v1/provider/sign-raw; `ethereum.stake`: POST /v1/provider/ethereum/stakes; `ethereum.unstake`: POST /v1/provider/ethereum/unstakes.
 */
export type RequestKind =
  | 'transfer'
  | 'evm.sendTransaction'
  | 'evm.signMessage'
  | 'evm.signTypedData'
  | 'signRaw'
  | 'ethereum.stake'
  | 'ethereum.unstake'
