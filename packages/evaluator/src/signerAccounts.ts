import type { EvaluationRequest } from './generated/evaluationRequest'
import type { PreparedEntities } from './prepareEntities'

/** The key that would sign: its address, and the EIP-155 chain it signs on (null on a network without one). */
export interface Signer {
  address: string
  chainId: number | null
}

/**
 * The accounts a signature acts for (lowercased ids), or `unknown` when the signer is no account of the
 * organization. A signature bound to a chain acts for the signer's account on that chain (or its account without a
 * chain). A signature bound to no chain (see boundToNoChain) is valid on every chain, so it acts for every account
 * of its address: deciding it for one chain's account alone would let a chain whose policies allow it sign for a
 * chain whose policies do not. On a network without an EIP-155 chain id, the signer acts for every account of its
 * address, and for none when the organization lists none (entities describe EVM accounts; the policies then decide
 * on the principal, the action and the payload).
 */
export function signerAccounts(
  entities: PreparedEntities,
  signer: Signer,
  unbound: boolean,
): { accounts: string[] } | { unknown: true } {
  const address = signer.address.toLowerCase()
  const chainless = entities.chainlessAccounts[address]
  const onChains = entities.accountsByAddress[address] ?? []
  if (signer.chainId !== null && !unbound) {
    // A loop, not find(): this runs on every decision, and a callback is one more closure made per call.
    let own = chainless
    for (const account of onChains) if (account.chainId === signer.chainId) own = account.id
    return own === undefined ? { unknown: true } : { accounts: [own] }
  }
  // The signer's own chain first: when every account decides alike, the decision reads as made for it.
  const ordered = [...onChains].sort(
    (a, b) => rank(a.chainId, signer.chainId) - rank(b.chainId, signer.chainId),
  )
  const accounts = ordered.map((account) => account.id)
  if (chainless !== undefined) accounts.push(chainless)
  if (accounts.length > 0) return { accounts }
  return signer.chainId === null ? { accounts: [] } : { unknown: true }
}

const rank = (chainId: number, own: number | null) => (chainId === own ? 0 : 1)

/**
 * Whether a signature is valid on every chain: a personal message, typed data whose domain names no chainId (the
 * decoder gives it chain 0), and a raw secp256k1 digest, which may be the hash of any chain's transaction.
 */
export function boundToNoChain(request: Pick<EvaluationRequest, 'action' | 'intent' | 'algorithm'>): boolean {
  switch (request.action) {
    case 'signMessage':
      return true
    case 'signTypedData':
      return request.intent?.chainId === 0
    case 'signRaw':
      return request.algorithm === 'secp256k1_ecdsa'
    default:
      return false
  }
}
