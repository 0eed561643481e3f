import type { Intent } from '../types'

/**
 * The gas terms of a user operation as its EntryPoint reads them. `rule` is the EntryPoint's prefund rule: '0.6'
 * (UserOperation, paymasterAndData) or '0.7' (PackedUserOperation, also v0.8: paymaster gas limits of their own).
 */
export interface UserOperationGasTerms {
  rule: '0.6' | '0.7'
  callGasLimit: bigint
  verificationGasLimit: bigint
  preVerificationGas: bigint
  maxFeePerGas: bigint
  maxPriorityFeePerGas?: bigint | undefined
  /** v0.6: the paymaster named by paymasterAndData, when it is not the zero address (the EntryPoint's test). */
  paymaster: boolean
  /** v0.7: the paymaster's own limits, 0 without a paymaster. */
  paymasterVerificationGasLimit?: bigint | undefined
  paymasterPostOpGasLimit?: bigint | undefined
}

/**
 * The most a user operation can pay for gas: the EntryPoint's required prefund, which it takes from the account's
 * (or the paymaster's) deposit before running the operation and which bounds what it charges afterwards (v0.6
 * `_handlePostOp` reverts with "AA51 prefund below actualGasCost"; v0.7 `_postExecution` charges at most the
 * prefund). From eth-infinitism/account-abstraction `EntryPoint._getRequiredPrefund`:
 *
 * - v0.6: `(callGasLimit + verificationGasLimit * mul + preVerificationGas) * maxFeePerGas`, `mul` being 3 when
 *   the paymaster is not address(0) (verificationGasLimit also bounds each postOp, which may run twice), else 1.
 * - v0.7 (and v0.8): `(verificationGasLimit + callGasLimit + paymasterVerificationGasLimit +
 *   paymasterPostOpGasLimit + preVerificationGas) * maxFeePerGas`.
 *
 * `gasLimit` is that sum of gas, `maxFee` the prefund in wei.
 */
export function userOperationGas(terms: UserOperationGasTerms): NonNullable<Intent['gas']> {
  const verification =
    terms.rule === '0.6' && terms.paymaster ? terms.verificationGasLimit * 3n : terms.verificationGasLimit
  const paymasterGas =
    terms.rule === '0.7'
      ? (terms.paymasterVerificationGasLimit ?? 0n) + (terms.paymasterPostOpGasLimit ?? 0n)
      : 0n
  const gasLimit = terms.callGasLimit + verification + terms.preVerificationGas + paymasterGas
  const gas: NonNullable<Intent['gas']> = {
    gasLimit: gasLimit.toString(),
    maxFeePerGas: terms.maxFeePerGas.toString(),
  }
  if (terms.maxPriorityFeePerGas !== undefined) {
    gas.maxPriorityFeePerGas = terms.maxPriorityFeePerGas.toString()
  }
  gas.maxFee = (gasLimit * terms.maxFeePerGas).toString()
  return gas
}

const uint128 = (1n << 128n) - 1n

/** The two 128-bit halves of a packed bytes32 (accountGasLimits, gasFees): [high, low]. */
export function unpackUints(packed: `0x${string}`): [bigint, bigint] {
  const value = BigInt(packed)
  return [value >> 128n, value & uint128]
}
