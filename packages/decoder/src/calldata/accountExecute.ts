import { addressField, nativeAmountField } from '../display/fields'
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
          nativeAmountField('Value', single.value),
        ]
      : [],
    inners,
  })
}

export const accountExecute = defineFunction(
  'function execute(address dest, uint256 value, bytes func)',
  (input) => {
    const [to, value, data] = input.args as [string, bigint, `0x${string}`]
    return accountCalls(input, [{ to, value, data }], () => 'func')
  },
)

export const accountExecuteBatch = defineFunction(
  'function executeBatch(address[] dest, bytes[] func)',
  (input) => {
    const [dests, funcs] = input.args as [readonly string[], readonly `0x${string}`[]]
    return accountCalls(
      input,
      dests.map((to, i) => ({ to, value: 0n, data: funcs[i] ?? '0x' })),
      (i) => `func/${i}`,
    )
  },
)

export const accountExecuteBatchWithValues = defineFunction(
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
  (input) => {
    const [dests, values, funcs] = input.args as [
      readonly string[],
      readonly bigint[],
      readonly `0x${string}`[],
    ]
    return accountCalls(
      input,
      dests.map((to, i) => ({ to, value: values[i] ?? 0n, data: funcs[i] ?? '0x' })),
      (i) => `func/${i}`,
    )
  },
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
