import {
  type AbiFunction,
  type AbiParameter,
  decodeAbiParameters,
  parseAbiItem,
  toFunctionSelector,
} from 'viem'
import { type ArgumentDecoder, compileStaticDecoder } from '../abi/compileStaticDecoder'
import type { DecodeContext } from '../context'
import type { DescriptorFamily } from '../descriptors/rampartDescriptors'
import type { Call, DecoderError, Display, FunctionDescriptor, IntentFields, Resolution } from '../types'

/** What a built-in handler produces for one call; decodeCall adds the ABI decoding around it. */
export interface Decoded {
  intent: IntentFields
  /** Display data, or a function computing it when first read (the evaluator needs only the intent). */
  display: Display | (() => Display)
  resolutions?: Resolution[] | null
  error?: DecoderError | null
}

/** Decodes one call at a depth and JSON Pointer: decodeCall's signature. */
export type CallDecoder = (call: Call, ctx: DecodeContext, depth: number, path: string) => Resolution

export interface HandlerInput {
  // biome-ignore lint/suspicious/noExplicitAny: viem returns decoded values typed by the ABI at runtime.
  args: readonly any[]
  call: Call & { to: `0x${string}` }
  ctx: DecodeContext
  depth: number
  path: string
  fn: BuiltinFunction
  /**
   * decodeCall itself, for the inner calls of a batch, a Safe or a user operation. It is handed in rather than
   * imported: decodeCall dispatches to the built-in functions, so a function importing it would close a circle.
   */
  decodeCall: CallDecoder
}

export type Handler = (input: HandlerInput) => Decoded

export interface BuiltinFunction {
  abi: AbiFunction
  selector: `0x${string}`
  descriptor: FunctionDescriptor
  /** Rampart descriptor set that displays this function, if any. */
  family?: DescriptorFamily
  /** Set on functions whose selector ERC-20 and ERC-721 share. */
  standard?: 'erc20' | 'erc721'
  /** Byte length of the calldata when every input is static; lets the hot path check length without re-encoding. */
  staticLength?: number
  /** Decodes the arguments from the calldata (selector included). */
  decodeArgs: ArgumentDecoder
  /** Whether decodeArgs reads one-word static inputs in place (compileStaticDecoder), rather than with viem. */
  staticArguments: boolean
  handler: Handler
}

/** A built-in function from its human-readable signature, compiled once at load time. */
export function defineFunction(
  signature: string,
  handler: Handler,
  options: { standard?: 'erc20' | 'erc721'; family?: DescriptorFamily } = {},
): BuiltinFunction {
  const abi = parseAbiItem(signature) as AbiFunction
  const selector = toFunctionSelector(abi)
  const isStatic = abi.inputs.every(isStaticParameter)
  const staticDecoder = compileStaticDecoder(abi.inputs)
  return {
    abi,
    selector,
    descriptor: toDescriptor(abi, selector),
    ...(options.standard ? { standard: options.standard } : {}),
    ...(options.family ? { family: options.family } : {}),
    ...(isStatic ? { staticLength: 4 + 32 * abi.inputs.reduce((n, p) => n + staticWords(p), 0) } : {}),
    decodeArgs: staticDecoder ?? ((data) => decodeAbiParameters(abi.inputs, `0x${data.slice(10)}`)),
    staticArguments: staticDecoder !== undefined,
    handler,
  }
}

function isStaticParameter(parameter: AbiParameter): boolean {
  if (parameter.type === 'bytes' || parameter.type === 'string' || parameter.type.endsWith('[]')) return false
  if (parameter.type.startsWith('tuple')) {
    const components = (parameter as { components?: readonly AbiParameter[] }).components ?? []
    return !parameter.type.endsWith(']') && components.every(isStaticParameter)
  }
  return !/\[\d+\]$/.test(parameter.type)
}

function staticWords(parameter: AbiParameter): number {
  if (parameter.type === 'tuple') {
    const components = (parameter as { components?: readonly AbiParameter[] }).components ?? []
    return components.reduce((n, p) => n + staticWords(p), 0)
  }
  return 1
}

function toDescriptor(abi: AbiFunction, selector: string): FunctionDescriptor {
  return {
    type: 'function',
    name: abi.name,
    inputs: abi.inputs.map(toParameter),
    outputs: abi.outputs.map(toParameter),
    stateMutability: abi.stateMutability,
    methodId: selector,
  }
}

function toParameter(parameter: AbiParameter): FunctionDescriptor['inputs'][number] {
  const components = (parameter as { components?: readonly AbiParameter[] }).components
  return {
    name: parameter.name ?? '',
    type: parameter.type,
    internalType: parameter.internalType ?? null,
    components: components ? components.map(toParameter) : null,
  }
}
