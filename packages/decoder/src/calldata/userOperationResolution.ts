import type { DecodeContext } from '../context'
import { addressField, addressLabel, interactWith, rawField } from '../display/fields'
import { DecodingError } from '../errors/decodingError'
import { createResolution } from '../resolution/createResolution'
import type { Display, FunctionDescriptor, Intent, Resolution } from '../types'
import { addFlag, checkBatchSize, firstNestedError } from './batch'
import type { CallDecoder } from './defineFunction'

export interface UserOperationParts {
  sender: `0x${string}`
  nonce: bigint
  callData: `0x${string}`
  /** initCode (v0.6 / packed) or factory + factoryData (v0.7 RPC form): present when the account is deployed. */
  deploysAccount: boolean
  /** Who pays the gas, when not the account itself (lowercase). */
  paymaster?: `0x${string}` | undefined
  /** The gas terms; `maxFee` is the EntryPoint's required prefund, left out when it cannot be known. */
  gas?: Intent['gas'] | undefined
}

/**
 * The paymaster named by the first 20 bytes of paymasterAndData (v0.6, and v0.7 packed in handleOps); empty
 * data means the account pays. Anything in between is not a valid paymasterAndData (the EntryPoint rejects it).
 */
export function paymasterOf(paymasterAndData: `0x${string}`, path: string): `0x${string}` | undefined {
  if (paymasterAndData.length === 2) return undefined
  if (paymasterAndData.length < 42) {
    throw new DecodingError(
      'invalidUserOperation',
      'paymasterAndData is shorter than the 20-byte paymaster address it starts with.',
      { path, context: { bytes: (paymasterAndData.length - 2) / 2 } },
    )
  }
  return paymasterAndData.slice(0, 42).toLowerCase() as `0x${string}`
}

/**
 * One ERC-4337 user operation: the account (`sender`) executes its callData, called by the EntryPoint.
 * The callData is decoded with `decodeCall` as a call to the account, so execute/executeBatch become nested
 * resolutions.
 */
export function userOperationResolution(
  ctx: DecodeContext,
  decodeCall: CallDecoder,
  op: UserOperationParts,
  entrypoint: `0x${string}` | undefined,
  chainId: number,
  depth: number,
  path: string,
  decoding: { descriptor?: FunctionDescriptor | null; hexSignature?: string | null } = {},
): Resolution {
  const inner = decodeCall(
    { chainId, ...(entrypoint ? { from: entrypoint } : {}), to: op.sender, data: op.callData, value: 0n },
    ctx,
    depth + 1,
    `${path}/callData`,
  )
  const intent: Intent = {
    type: 'userOperation',
    chainId,
    from: op.sender,
    to: op.sender,
    contract: op.sender,
    nonce: op.nonce.toString(),
    intents: [inner.intent],
  }
  if (entrypoint) intent.entrypoint = entrypoint
  if (op.paymaster) intent.paymaster = op.paymaster
  if (op.gas) intent.gas = op.gas
  if (op.deploysAccount) addFlag(intent, 'accountDeployment')
  for (const flag of inner.intent.flags ?? []) addFlag(intent, flag)
  const fields = [
    addressField(ctx, chainId, 'Account', op.sender),
    ...(entrypoint ? [addressField(ctx, chainId, 'EntryPoint', entrypoint)] : []),
    ...(op.paymaster ? [addressField(ctx, chainId, 'Paymaster', op.paymaster)] : []),
    rawField('Operation', inner.display.interpolatedIntent),
  ]
  const display: Display = {
    intent: 'User operation',
    interpolatedIntent: `${addressLabel(ctx, chainId, op.sender)}: ${inner.display.interpolatedIntent}`,
    interactWith: interactWith(
      ctx,
      chainId,
      entrypoint ?? op.sender,
      entrypoint ? 'EntryPoint' : 'Smart account',
      'ERC-4337',
    ),
    fields,
    requiredFields: fields.map((f) => f.label),
  }
  return createResolution(ctx, intent, display, { ...decoding, error: firstNestedError([inner]) }, [inner])
}

export function checkOperationCount(count: number, path: string): void {
  checkBatchSize(count, path)
}
