import { GatewayError } from '../../core/errors/gatewayError'
import type { Signer } from '../../resources/resolveSigner'

/** EVM actions need an EVM account; the chain a request names must be the account's. */
export function requireEvmSigner(signer: Signer, chainId: number | undefined, pointer: string): number {
  if (signer.chainId === null) {
    throw new GatewayError('VALIDATION_FAILED', 'The source account is not on an EVM network', {
      issues: [{ path: '/source/id', message: `is on ${signer.networkId}, which is not an EVM network` }],
    })
  }
  if (chainId !== undefined && chainId !== signer.chainId) {
    throw new GatewayError('VALIDATION_FAILED', 'The chain does not match the source account', {
      issues: [{ path: pointer, message: `must be ${signer.chainId}, the chain of ${signer.networkId}` }],
    })
  }
  return signer.chainId
}

export function requireSameAddress(signer: Signer, from: string | null | undefined, pointer: string): void {
  if (from != null && from.toLowerCase() !== signer.address.toLowerCase()) {
    throw new GatewayError('VALIDATION_FAILED', 'The from address is not the source account', {
      issues: [{ path: pointer, message: `must be ${signer.address}` }],
    })
  }
}

/** A decimal string of wei as a JSON-RPC quantity. */
export const quantity = (decimal: string) => `0x${BigInt(decimal).toString(16)}`

export const iso = (date: Date) => date.toISOString()
