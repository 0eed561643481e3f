import type { Call } from '../types'
import { batchDecoded, type InnerCall, selfOf } from './batch'
import { defineFunction, type HandlerInput } from './defineFunction'

interface Multicall3Call {
  target: string
  callData: `0x${string}`
  value?: bigint
}

function multicall(input: HandlerInput, calls: readonly Multicall3Call[]) {
  const self = selfOf(input.call)
  const inners: InnerCall[] = calls.map((c, i) => ({
    call: {
      chainId: input.call.chainId,
      from: self,
      to: c.target.toLowerCase() as `0x${string}`,
      data: c.callData,
      value: c.value ?? 0n,
    } satisfies Call,
    path: `${input.path}/calls/${i}/callData`,
  }))
  return batchDecoded(input, {
    title: `Multicall of ${inners.length} call${inners.length === 1 ? '' : 's'}`,
    contractName: 'Multicall3',
    inners,
  })
}

export const multicall3Aggregate = defineFunction(
  'function aggregate((address target, bytes callData)[] calls)',
  (input) => multicall(input, input.args[0]),
)
export const multicall3TryAggregate = defineFunction(
  'function tryAggregate(bool requireSuccess, (address target, bytes callData)[] calls)',
  (input) => multicall(input, input.args[1]),
)
export const multicall3Aggregate3 = defineFunction(
  'function aggregate3((address target, bool allowFailure, bytes callData)[] calls)',
  (input) => multicall(input, input.args[0]),
)
export const multicall3Aggregate3Value = defineFunction(
  'function aggregate3Value((address target, bool allowFailure, uint256 value, bytes callData)[] calls)',
  (input) => multicall(input, input.args[0]),
)
