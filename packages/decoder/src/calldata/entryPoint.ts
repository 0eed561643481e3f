import { hexToBigInt, size, sliceHex } from 'viem'
import { addressField, interactWith } from '../display/fields'
import type { Intent } from '../types'
import { addFlag, checkBatchSize, firstNestedError } from './batch'
import { callIntent } from './callIntent'
import { defineFunction, type HandlerInput } from './defineFunction'
import { unpackUints, userOperationGas } from './userOperationGas'
import { paymasterOf, type UserOperationParts, userOperationResolution } from './userOperationResolution'

interface PackedOp {
  sender: string
  nonce: bigint
  initCode: `0x${string}`
  callData: `0x${string}`
  paymasterAndData: `0x${string}`
}

interface OpV06 extends PackedOp {
  callGasLimit: bigint
  verificationGasLimit: bigint
  preVerificationGas: bigint
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
}

/** A v0.7 / v0.8 PackedUserOperation, as handleOps takes it and as EntryPoint v0.8 has it signed (EIP-712). */
export interface OpV07 extends PackedOp {
  accountGasLimits: `0x${string}`
  preVerificationGas: bigint
  gasFees: `0x${string}`
}

const zeroAddress = '0x0000000000000000000000000000000000000000'

function gasV06(op: OpV06): Intent['gas'] {
  return userOperationGas({
    rule: '0.6',
    callGasLimit: op.callGasLimit,
    verificationGasLimit: op.verificationGasLimit,
    preVerificationGas: op.preVerificationGas,
    maxFeePerGas: op.maxFeePerGas,
    maxPriorityFeePerGas: op.maxPriorityFeePerGas,
    paymaster: size(op.paymasterAndData) >= 20 && sliceHex(op.paymasterAndData, 0, 20) !== zeroAddress,
  })
}

/**
 * v0.7 packs (verificationGasLimit, callGasLimit) and (maxPriorityFeePerGas, maxFeePerGas) into two words, and a
 * paymaster's limits into paymasterAndData after its address (16 bytes each, UserOperationLib
 * PAYMASTER_DATA_OFFSET 52): a shorter non-empty paymasterAndData is refused by the EntryPoint (AA93), and the
 * fee is left out.
 */
function gasV07(op: OpV07): Intent['gas'] {
  const [verificationGasLimit, callGasLimit] = unpackUints(op.accountGasLimits)
  const [maxPriorityFeePerGas, maxFeePerGas] = unpackUints(op.gasFees)
  const paymasterBytes = size(op.paymasterAndData)
  if (paymasterBytes > 0 && paymasterBytes < 52) return undefined
  const withPaymaster = paymasterBytes > 0
  return userOperationGas({
    rule: '0.7',
    callGasLimit,
    verificationGasLimit,
    preVerificationGas: op.preVerificationGas,
    maxFeePerGas,
    maxPriorityFeePerGas,
    paymaster: withPaymaster,
    paymasterVerificationGasLimit: withPaymaster ? hexToBigInt(sliceHex(op.paymasterAndData, 20, 36)) : 0n,
    paymasterPostOpGasLimit: withPaymaster ? hexToBigInt(sliceHex(op.paymasterAndData, 36, 52)) : 0n,
  })
}

/** What the EntryPoint reads of a packed operation (at `path`): its account, calls, paymaster and gas. */
function packedOperationParts<Op extends PackedOp>(
  op: Op,
  gasOf: (op: Op) => Intent['gas'],
  path: string,
): UserOperationParts {
  return {
    sender: op.sender.toLowerCase() as `0x${string}`,
    nonce: op.nonce,
    callData: op.callData,
    deploysAccount: size(op.initCode) > 0,
    paymaster: paymasterOf(op.paymasterAndData, `${path}/paymasterAndData`),
    gas: gasOf(op),
  }
}

/** The parts of a v0.7 / v0.8 PackedUserOperation at `path` (handleOps' ops, or typed data's message). */
export function packedUserOperationParts(op: OpV07, path: string): UserOperationParts {
  return packedOperationParts(op, gasV07, path)
}

function handleOps<Op extends PackedOp>(
  input: HandlerInput,
  ops: readonly Op[],
  beneficiary: string,
  gasOf: (op: Op) => Intent['gas'],
) {
  const { call, ctx, depth, path } = input
  checkBatchSize(ops.length, path)
  const resolutions = ops.map((op, i) =>
    userOperationResolution(
      ctx,
      input.decodeCall,
      packedOperationParts(op, gasOf, `${path}/ops/${i}`),
      call.to,
      call.chainId,
      depth + 1,
      `${path}/ops/${i}`,
    ),
  )
  const intent = callIntent('batch', call, input.fn)
  intent.entrypoint = call.to
  intent.recipient = beneficiary.toLowerCase()
  intent.intents = resolutions.map((r) => r.intent)
  for (const r of resolutions) for (const flag of r.intent.flags ?? []) addFlag(intent, flag)
  const fields = [
    addressField(ctx, call.chainId, 'Beneficiary', beneficiary),
    ...resolutions.map((r, i) => ({
      ...r.display.fields[0]!,
      label: `Operation ${i + 1}`,
      value: r.display.interpolatedIntent,
    })),
  ]
  return {
    intent,
    display: {
      intent: `Bundle ${ops.length} user operations`,
      interpolatedIntent: `Bundle ${ops.length} user operations: ${resolutions.map((r) => r.display.interpolatedIntent).join('; ')}`,
      interactWith: interactWith(ctx, call.chainId, call.to, 'EntryPoint', 'ERC-4337'),
      fields,
      requiredFields: fields.map((f) => f.label),
    },
    resolutions,
    error: firstNestedError(resolutions),
  }
}

export const handleOpsV06 = defineFunction(
  'function handleOps((address sender, uint256 nonce, bytes initCode, bytes callData, uint256 callGasLimit, uint256 verificationGasLimit, uint256 preVerificationGas, uint256 maxFeePerGas, uint256 maxPriorityFeePerGas, bytes paymasterAndData, bytes signature)[] ops, address beneficiary)',
  (input) => handleOps(input, input.args[0], input.args[1], gasV06),
)

export const handleOpsV07 = defineFunction(
  'function handleOps((address sender, uint256 nonce, bytes initCode, bytes callData, bytes32 accountGasLimits, uint256 preVerificationGas, bytes32 gasFees, bytes paymasterAndData, bytes signature)[] ops, address beneficiary)',
  (input) => handleOps(input, input.args[0], input.args[1], gasV07),
)
