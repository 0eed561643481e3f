/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * Raw signatures: secp256k1_ecdsa over 32-byte digests (signed as is), or ed25519 over messages (on ed25519 accounts).
 */
export interface SignRawRequest {
  /**
   * @minItems 1
   * @maxItems 32
   */
  data: [
    {
      content: string
    },
    ...{
      content: string
    }[]
  ]
  source: Source
  idempotenceId: string
  requestId?: string
  algorithm: 'secp256k1_ecdsa' | 'ed25519'
}
/**
 * The account that signs: `{type: account, id: <accountId>}`, optionally one of its addresses by `addressId`.
 */
export interface Source {
  type: 'account'
  id: string
  addressId?: string
}
