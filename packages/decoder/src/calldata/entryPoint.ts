import { size } from 'viem'
import { addressField, interactWith } from '../display/fields'
import { paymasterOf, userOperationResolution } from '../userOperation/userOperationResolution'
import { addFlag, checkBatchSize, firstNestedError } from './batch'
import { callIntent } from './decodeCall'
import { defineFunction, type HandlerInput } from './defineFunction'

interface PackedOp {
  sender: string
  nonce: bigint
  initCode: `0x${string}`
  callData: `0x${string}`
  paymasterAndData: `0x${string}`
}

function handleOps(input: HandlerInput, ops: readonly PackedOp[], beneficiary: string) {
  const { call, ctx, depth, path } = input
  checkBatchSize(ops.length, path)
  const resolutions = ops.map((op, i) =>
    userOperationResolution(
      ctx,
      {
        sender: op.sender.toLowerCase() as `0x${string}`,
        nonce: op.nonce,
        callData: op.callData,
        deploysAccount: size(op.initCode) > 0,
        paymaster: paymasterOf(op.paymasterAndData, `${path}/ops/${i}/paymasterAndData`),
      },
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
  (input) => handleOps(input, input.args[0], input.args[1]),
)

export const handleOpsV07 = defineFunction(
  'function handleOps((address sender, uint256 nonce, bytes initCode, bytes callData, bytes32 accountGasLimits, uint256 preVerificationGas, bytes32 gasFees, bytes paymasterAndData, bytes signature)[] ops, address beneficiary)',
  (input) => handleOps(input, input.args[0], input.args[1]),
)
