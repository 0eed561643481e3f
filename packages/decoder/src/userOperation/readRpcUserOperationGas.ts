import { userOperationGas } from '../calldata/userOperationGas'
import { parseQuantity } from '../request/values'
import type { Intent } from '../types'

const zeroAddress = '0x0000000000000000000000000000000000000000'

/** EntryPoints deployed at the same address on every chain, by the prefund rule each applies. */
const knownEntryPoints: Record<string, '0.6' | '0.7'> = {
  '0x5ff137d4b0fdcd49dca30c7cf57e578a026d2789': '0.6',
  '0x0000000071727de22e5e9d8baf0edac6f37da032': '0.7',
  '0x4337084d9e255ff0702461cf8895ce9e3b5ff108': '0.7', // v0.8: PackedUserOperation, the v0.7 prefund
}

// The RPC forms of ERC-4337: v0.6 names initCode and paymasterAndData, v0.7 and later name the factory and the
// paymaster with its gas limits, and bundlers pack them into initCode and paymasterAndData themselves.
const v07Keys = [
  'factory',
  'factoryData',
  'paymaster',
  'paymasterVerificationGasLimit',
  'paymasterPostOpGasLimit',
  'paymasterData',
]
// The on-chain packed form, which no RPC version sends; a request mixing it in is read by no known rule.
const packedKeys = ['accountGasLimits', 'gasFees']

const present = (value: unknown) => value !== undefined && value !== null
const nonEmpty = (value: unknown) => present(value) && value !== '0x'

/**
 * The gas of an eth_sendUserOperation request (`op` is params[0], already checked to be an object; `paymaster` is
 * the paymaster the decoder read from it). The fee is left out (policies then fail closed) when a gas field is
 * missing or malformed, or when the request does not say which prefund rule applies: v0.6 and v0.7 fields
 * together, packed fields, or an EntryPoint of the other version.
 */
export function readRpcUserOperationGas(
  op: Record<string, unknown>,
  entrypoint: `0x${string}` | undefined,
  paymaster: `0x${string}` | undefined,
): Intent['gas'] {
  const quantity = (key: string): bigint | undefined => {
    if (!present(op[key])) return undefined
    try {
      return parseQuantity(op[key], '')
    } catch {
      return undefined
    }
  }
  const maxFeePerGas = quantity('maxFeePerGas')
  const maxPriorityFeePerGas = quantity('maxPriorityFeePerGas')
  const fees: NonNullable<Intent['gas']> = {}
  if (maxFeePerGas !== undefined) fees.maxFeePerGas = maxFeePerGas.toString()
  if (maxPriorityFeePerGas !== undefined) fees.maxPriorityFeePerGas = maxPriorityFeePerGas.toString()
  const partial = Object.keys(fees).length > 0 ? fees : undefined

  const rule = prefundRule(op, entrypoint)
  const callGasLimit = quantity('callGasLimit')
  const verificationGasLimit = quantity('verificationGasLimit')
  const preVerificationGas = quantity('preVerificationGas')
  if (
    rule === undefined ||
    maxFeePerGas === undefined ||
    callGasLimit === undefined ||
    verificationGasLimit === undefined ||
    preVerificationGas === undefined
  ) {
    return partial
  }
  // v0.7: a paymaster's own limits are packed into paymasterAndData with it, and counted; without one, none are.
  const withPaymaster = rule === '0.7' && present(op.paymaster)
  const paymasterVerificationGasLimit = withPaymaster ? quantity('paymasterVerificationGasLimit') : 0n
  const paymasterPostOpGasLimit = withPaymaster ? quantity('paymasterPostOpGasLimit') : 0n
  if (paymasterVerificationGasLimit === undefined || paymasterPostOpGasLimit === undefined) return partial
  return userOperationGas({
    rule,
    callGasLimit,
    verificationGasLimit,
    preVerificationGas,
    maxFeePerGas,
    maxPriorityFeePerGas,
    paymaster: paymaster !== undefined && paymaster !== zeroAddress,
    paymasterVerificationGasLimit,
    paymasterPostOpGasLimit,
  })
}

function prefundRule(
  op: Record<string, unknown>,
  entrypoint: `0x${string}` | undefined,
): '0.6' | '0.7' | undefined {
  if (packedKeys.some((key) => present(op[key]))) return undefined
  const v07 = v07Keys.some((key) => present(op[key]))
  const v06 = nonEmpty(op.initCode) || nonEmpty(op.paymasterAndData)
  if (v07 && v06) return undefined
  const known = entrypoint === undefined ? undefined : knownEntryPoints[entrypoint]
  if ((known === '0.6' && v07) || (known === '0.7' && v06)) return undefined
  // Neither form's fields: no paymaster and no deployment, where both rules give the same sum.
  return v07 ? '0.7' : v06 ? '0.6' : (known ?? '0.6')
}
