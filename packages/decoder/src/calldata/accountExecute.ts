import { decodeAbiParameters, hexToBigInt, parseAbiParameters, size, sliceHex } from 'viem'
import { addressField, nativeAmountField } from '../display/fields'
import { DecodingError } from '../errors/decodingError'
import type { Call } from '../types'
import { batchDecoded, type InnerCall, selfOf } from './batch'
import { defineFunction, type HandlerInput } from './defineFunction'

/** Smart-account entry points (ERC-4337 accounts): each runs calls from the account itself. */
function accountCalls(
  input: HandlerInput,
  calls: readonly { to: string; value: bigint; data: `0x${string}` }[],
  argPath: (i: number) => string,
) {
  const account = selfOf(input.call)
  const inners: InnerCall[] = calls.map((c, i) => ({
    call: {
      chainId: input.call.chainId,
      from: account,
      to: c.to.toLowerCase() as `0x${string}`,
      value: c.value,
      data: c.data,
    } satisfies Call,
    path: `${input.path}/${argPath(i)}`,
  }))
  const single = calls.length === 1 && calls[0]
  return batchDecoded(input, {
    title: single ? 'Execute from smart account' : `Execute ${calls.length} calls from smart account`,
    contractName: 'Smart account',
    fields: single
      ? [
          addressField(input.ctx, input.call.chainId, 'Target', single.to),
          nativeAmountField('Value', single.value, input.call.chainId),
        ]
      : [],
    inners,
  })
}

/**
 * Calls given as parallel arrays. Accounts require as many calldata entries as targets, and values either
 * empty (all zero) or one per target; anything else reverts on chain, so it is refused rather than padded.
 */
function parallelCalls(
  input: HandlerInput,
  dests: readonly string[],
  values: readonly bigint[],
  funcs: readonly `0x${string}`[],
) {
  if (funcs.length !== dests.length || (values.length !== 0 && values.length !== dests.length)) {
    throw new DecodingError(
      'abiDecodingFailed',
      `The batch lists ${dests.length} targets, ${values.length} values and ${funcs.length} calldata entries.`,
      { path: input.path, context: { targets: dests.length, values: values.length, calldata: funcs.length } },
    )
  }
  return accountCalls(
    input,
    dests.map((to, i) => ({ to, value: values[i] ?? 0n, data: funcs[i]! })),
    (i) => `func/${i}`,
  )
}

type CallInput = Parameters<typeof accountCalls>[0]

/** One call: (dest, value, func). */
function singleCall(input: CallInput) {
  const [to, value, data] = input.args as [string, bigint, `0x${string}`]
  return accountCalls(input, [{ to, value, data }], () => 'func')
}

/** Parallel arrays of targets, values and calldata. */
function callsWithValues(input: CallInput) {
  const [dests, values, funcs] = input.args as [
    readonly string[],
    readonly bigint[],
    readonly `0x${string}`[],
  ]
  return parallelCalls(input, dests, values, funcs)
}

export const accountExecute = defineFunction(
  'function execute(address dest, uint256 value, bytes func)',
  singleCall,
)

export const accountExecuteBatch = defineFunction(
  'function executeBatch(address[] dest, bytes[] func)',
  (input) => {
    const [dests, funcs] = input.args as [readonly string[], readonly `0x${string}`[]]
    return parallelCalls(input, dests, [], funcs)
  },
)

export const accountExecuteBatchWithValues = defineFunction(
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
  callsWithValues,
)

/** Biconomy Smart Account v1: the same call under its own name. */
export const biconomyExecuteCall = defineFunction(
  'function executeCall(address dest, uint256 value, bytes func)',
  singleCall,
)

/** Biconomy Smart Account v1: parallel arrays of targets, values and calldata. */
export const biconomyExecuteBatchCall = defineFunction(
  'function executeBatchCall(address[] dest, uint256[] value, bytes[] func)',
  callsWithValues,
)

/** Coinbase Smart Wallet and other accounts taking (target, value, data) tuples. */
export const accountExecuteBatchTuples = defineFunction(
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
  (input) => {
    const [calls] = input.args as [readonly { target: string; value: bigint; data: `0x${string}` }[]]
    return accountCalls(
      input,
      calls.map((c) => ({ to: c.target, value: c.value, data: c.data })),
      (i) => `calls/${i}/data`,
    )
  },
)

/**
 * ERC-7579 execute(bytes32 mode, bytes executionCalldata), used by modular and EIP-7702 accounts. The first
 * mode byte is the call type: 0x00 one call packed as target ‖ value ‖ calldata, 0x01 a batch ABI-encoded as
 * (address, uint256, bytes)[], 0xff a DELEGATECALL packed as target ‖ calldata. Other call types (static
 * calls, future types) are refused rather than guessed.
 */
export const erc7579Execute = defineFunction(
  'function execute(bytes32 mode, bytes executionCalldata)',
  (input) => {
    const [mode, execution] = input.args as [`0x${string}`, `0x${string}`]
    const callType = mode.slice(2, 4)
    const at = `${input.path}/executionCalldata`
    if (callType === '00' || callType === 'ff') {
      const minimum = callType === '00' ? 52 : 20
      if (size(execution) < minimum) {
        throw new DecodingError(
          'truncatedCalldata',
          'ERC-7579 execution calldata is shorter than its packed header.',
          {
            path: at,
          },
        )
      }
      const to = sliceHex(execution, 0, 20)
      const value = callType === '00' ? hexToBigInt(sliceHex(execution, 20, 52)) : 0n
      const data = size(execution) > minimum ? sliceHex(execution, minimum) : '0x'
      if (callType === '00') return accountCalls(input, [{ to, value, data }], () => 'executionCalldata')
      const account = selfOf(input.call)
      return batchDecoded(input, {
        title: 'Delegatecall from smart account',
        contractName: 'Smart account',
        inners: [
          {
            call: {
              chainId: input.call.chainId,
              from: account,
              to: to.toLowerCase() as `0x${string}`,
              value: 0n,
              data,
              operation: 'delegatecall',
              executor: account,
            },
            path: at,
          },
        ],
      })
    }
    if (callType === '01') {
      const [calls] = decodeAbiParameters(
        parseAbiParameters('(address target, uint256 value, bytes callData)[]'),
        execution,
      ) as [readonly { target: string; value: bigint; callData: `0x${string}` }[]]
      return accountCalls(
        input,
        calls.map((c) => ({ to: c.target, value: c.value, data: c.callData })),
        (i) => `executionCalldata/${i}/callData`,
      )
    }
    throw new DecodingError('abiDecodingFailed', `ERC-7579 call type 0x${callType} is not decoded.`, {
      path: `${input.path}/mode`,
      context: { callType: `0x${callType}` },
    })
  },
)
