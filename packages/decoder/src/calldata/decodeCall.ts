import { encodeAbiParameters } from 'viem'
import { nativeAsset } from '../caip'
import type { DecodeContext } from '../context'
import {
  addressField,
  addressLabel,
  interactWith,
  nativeAmountField,
  nativeAmountText,
  rawField,
} from '../display/fields'
import { fromClearSign } from '../display/fromClearSign'
import { type DecodedCallFormatter, type DescriptorRegistry, formatDecodedCall } from '../erc7730'
import { DecodingError, decoderError } from '../errors/decodingError'
import { limits } from '../limits'
import { createResolution, errorDisplay } from '../resolution/createResolution'
import type { Call, DecoderError, Display, IntentFields, Resolution } from '../types'
import { builtinCandidates } from './builtinFunctions'
import { callIntent } from './callIntent'
import type { BuiltinFunction, Decoded } from './defineFunction'
import { pickStandard } from './pickStandard'

/**
 * Decodes one call (a transaction, or a call embedded in a batch) into a resolution. Never throws:
 * every failure becomes `decoding.error`, and a call it cannot read is still shown as a contract call
 * with its selector, never as a plain transfer.
 */
export function decodeCall(call: Call, ctx: DecodeContext, depth: number, path: string): Resolution {
  if (depth > limits.maxDepth) {
    return callError(
      call,
      ctx,
      decoderError('depthLimitExceeded', `Calls nest deeper than ${limits.maxDepth} levels.`, path, {
        maxDepth: limits.maxDepth,
      }),
    )
  }
  const data = call.data
  // Hex syntax and case are settled where the request is parsed; embedded calldata comes out of the ABI decoder.
  if (!data.startsWith('0x') || data.length % 2 !== 0) {
    return callError(
      call,
      ctx,
      decoderError('malformedHex', 'Calldata is not an even-length 0x hex string.', path),
    )
  }
  if ((data.length - 2) / 2 > limits.maxCalldataBytes) {
    return callError(
      call,
      ctx,
      decoderError('sizeLimitExceeded', `Calldata exceeds ${limits.maxCalldataBytes} bytes.`, path, {
        maxBytes: limits.maxCalldataBytes,
        bytes: (data.length - 2) / 2,
      }),
    )
  }
  if (call.to === undefined) return deployment(call, ctx)
  const to = call.to
  if (data.length === 2) return nativeTransfer(call, to, ctx)
  if (data.length < 10) {
    return callError(
      call,
      ctx,
      decoderError('truncatedCalldata', 'Calldata is shorter than a 4-byte selector.', path, {
        bytes: (data.length - 2) / 2,
      }),
    )
  }
  const selector = data.slice(0, 10) as `0x${string}`
  const candidates = builtinCandidates(data)
  if (!candidates) return unknownCall(call, to, selector, ctx, path)

  const first = candidates[0]!
  let args: readonly unknown[]
  try {
    args = first.decodeArgs(data)
  } catch (error) {
    return callError(call, ctx, abiFailure(error, first, path), first)
  }
  const trailing = trailingBytes(first, args, data)
  let fn = first
  if (candidates.length > 1) {
    const picked = pickStandard(candidates, args, { ...call, to }, ctx)
    if (!picked) {
      const error = decoderError(
        'ambiguousSelector',
        `Selector ${selector} means different things for ERC-20 and ERC-721, and neither the token registry nor the data tells which applies to ${to}.`,
        path,
        { selector, candidates: candidates.map((c) => `${c.standard}:${c.abi.name}`) },
      )
      return callError(call, ctx, error, first)
    }
    fn = picked
  }
  let decoded: Decoded
  try {
    decoded = fn.handler({
      args,
      call: call as Call & { to: `0x${string}` },
      ctx,
      depth,
      path,
      fn,
      decodeCall,
    })
  } catch (error) {
    return callError(call, ctx, abiFailure(error, fn, path), fn)
  }
  // The built-in display is only a fallback, built when no descriptor displays the call (handlers return it as
  // a function). Intent-only decoding (decodeIntent) builds no display at all.
  let display = decoded.display
  if (ctx.display) {
    try {
      display =
        (fn.family
          ? registryDisplay(ctx.rampart.calldata[fn.family], call, to, ctx, fn, args)
          : descriptorDisplay(call, to, ctx, ctx.registries, fn, args)) ??
        (typeof decoded.display === 'function' ? decoded.display() : decoded.display)
    } catch (error) {
      // Building the display is part of the handler's work: its failure (a data provider that throws) fails the
      // call as any other handler failure does.
      return callError(call, ctx, abiFailure(error, fn, path), fn)
    }
    if (call.value > 0n && fn.descriptor.stateMutability !== 'payable') display = withValue(display, call)
  }
  const error =
    decoded.error ??
    (trailing > 0
      ? decoderError(
          'trailingBytes',
          `Calldata has ${trailing} bytes after the encoded arguments of ${fn.abi.name}.`,
          path,
          { bytes: trailing },
        )
      : null)
  return createResolution(
    ctx,
    decoded.intent,
    display,
    { descriptor: fn.descriptor, hexSignature: selector, error },
    decoded.resolutions ?? null,
  )
}

/**
 * A display that also shows the native value sent with a call whose function is not payable (a token transfer
 * with ether attached). A genuine contract refuses it, but the one at that address takes it if it is payable, and
 * the function's own display, which knows of no value, would not show it.
 */
function withValue(display: Display | (() => Display), call: Call): Display {
  const shown = typeof display === 'function' ? display() : display
  return {
    ...shown,
    interpolatedIntent: `${shown.interpolatedIntent}, sending ${nativeAmountText(call.chainId, call.value)}`,
    fields: [...shown.fields, nativeAmountField('Value', call.value, call.chainId)],
    requiredFields: [...shown.requiredFields, 'Value'],
  }
}

function trailingBytes(fn: BuiltinFunction, args: readonly unknown[], data: string): number {
  const bytes = (data.length - 2) / 2
  if (fn.staticLength !== undefined) return bytes - fn.staticLength
  const canonical = (encodeAbiParameters(fn.abi.inputs, args).length - 2) / 2 + 4
  return bytes > canonical ? bytes - canonical : 0
}

const truncationErrors = new Set([
  'AbiDecodingDataSizeTooSmallError',
  'AbiDecodingZeroDataError',
  'PositionOutOfBoundsError',
  'SliceOffsetOutOfBoundsError',
])

function abiFailure(error: unknown, fn: BuiltinFunction, path: string): DecoderError {
  const name = (error as { name?: string })?.name ?? ''
  const signature = `${fn.abi.name}(${fn.abi.inputs.map((p) => p.type).join(',')})`
  if (truncationErrors.has(name)) {
    return decoderError('truncatedCalldata', `Calldata ends before the arguments of ${signature}.`, path, {
      signature,
    })
  }
  if (error instanceof DecodingError) {
    const failure = error.asDecoderError()
    return { ...failure, path: failure.path || path }
  }
  return decoderError('abiDecodingFailed', `Calldata does not decode as ${signature}.`, path, {
    signature,
    reason: (error as { shortMessage?: string })?.shortMessage ?? null,
  })
}

function descriptorDisplay(
  call: Call,
  to: string,
  ctx: DecodeContext,
  registries: readonly DescriptorRegistry[],
  fn?: BuiltinFunction,
  args?: readonly unknown[],
): Display | undefined {
  for (const registry of registries) {
    const display = registryDisplay(registry, call, to, ctx, fn, args)
    if (display) return display
  }
  return undefined
}

/**
 * One registry's display of the call, if it has a descriptor for it and formats it without error. Arguments
 * the built-in function read in place are handed over, so the registry does not check and decode them again.
 */
function registryDisplay(
  registry: DescriptorRegistry,
  call: Call,
  to: string,
  ctx: DecodeContext,
  fn: BuiltinFunction | undefined,
  args: readonly unknown[] | undefined,
): Display | undefined {
  try {
    const formatDecoded = (registry as { [formatDecodedCall]?: DecodedCallFormatter })[formatDecodedCall]
    const display =
      formatDecoded && fn?.staticArguments && args
        ? formatDecoded(
            {
              chainId: call.chainId,
              to,
              from: call.from,
              value: call.value,
              data: call.data,
              args,
              inputs: fn.abi.inputs,
            },
            ctx.provider,
          )
        : registry.formatCalldata(
            call.from
              ? { chainId: call.chainId, to, data: call.data, value: call.value, from: call.from }
              : { chainId: call.chainId, to, data: call.data, value: call.value },
            ctx.provider,
          )
    if (display && !display.error) return fromClearSign(display)
  } catch {
    // A faulty descriptor must not hide the built-in reading of the call.
  }
  return undefined
}

function nativeTransfer(call: Call, to: `0x${string}`, ctx: DecodeContext): Resolution {
  // callIntent's fields without `contract` (no contract is called), built without it rather than deleted
  // afterwards: a deleted property leaves a slow dictionary-mode object behind.
  const intent: IntentFields = { type: 'nativeTransfer', chainId: call.chainId }
  if (call.from) intent.from = call.from
  intent.to = to
  intent.value = call.value.toString()
  intent.token = nativeAsset(call.chainId)
  intent.amount = call.value.toString()
  intent.recipient = to
  // Built only when asked for: intent-only decoding (decodeIntent) needs none of it.
  const display = (): Display => {
    const amount = nativeAmountField('Amount', call.value, call.chainId)
    return {
      intent: 'Send',
      interpolatedIntent: `Send ${amount.value} to ${addressLabel(ctx, call.chainId, to)}`,
      interactWith: interactWith(ctx, call.chainId, to),
      fields: [amount, addressField(ctx, call.chainId, 'To', to)],
      requiredFields: ['Amount', 'To'],
    }
  }
  return createResolution(ctx, intent, display, {})
}

function deployment(call: Call, ctx: DecodeContext): Resolution {
  const intent = callIntent('contractDeployment', call)
  const display: Display = {
    intent: 'Deploy contract',
    interpolatedIntent: `Deploy a contract (${(call.data.length - 2) / 2} bytes of code) with ${nativeAmountText(call.chainId, call.value)}`,
    interactWith: interactWith(ctx, call.chainId, undefined),
    fields: [
      nativeAmountField('Value', call.value, call.chainId),
      rawField('Code size', `${(call.data.length - 2) / 2} bytes`),
    ],
    requiredFields: ['Value', 'Code size'],
  }
  return createResolution(ctx, intent, display, {})
}

function unknownCall(
  call: Call,
  to: `0x${string}`,
  selector: `0x${string}`,
  ctx: DecodeContext,
  path: string,
): Resolution {
  const intent = callIntent('contractCall', call)
  intent.hexSignature = selector
  const described = descriptorDisplay(call, to, ctx, ctx.registries)
  if (described) return createResolution(ctx, intent, described, { hexSignature: selector })
  const error = decoderError(
    'unknownSelector',
    `No built-in function or descriptor matches selector ${selector}.`,
    path,
    { selector },
  )
  return createResolution(ctx, intent, contractCallDisplay(call, ctx, selector), {
    hexSignature: selector,
    error,
  })
}

/** A call the decoder could not read: a contract call with its selector and value, plus the error. */
export function callError(
  call: Call,
  ctx: DecodeContext,
  error: DecoderError,
  fn?: BuiltinFunction,
): Resolution {
  const intent = callIntent(call.to ? 'contractCall' : 'contractDeployment', call, fn)
  const selector = /^0x[0-9a-fA-F]{8}/.test(call.data)
    ? (call.data.slice(0, 10).toLowerCase() as `0x${string}`)
    : null
  if (selector && call.to) intent.hexSignature = selector
  else delete intent.hexSignature
  const display = call.to ? contractCallDisplay(call, ctx, selector) : errorDisplay(error)
  display.fields.push(rawField('Error', `${error.name}: ${error.message}`))
  return createResolution(ctx, intent, display, {
    descriptor: fn?.descriptor ?? null,
    hexSignature: selector,
    error,
  })
}

function contractCallDisplay(call: Call, ctx: DecodeContext, selector: string | null): Display {
  const to = call.to!
  const target = addressLabel(ctx, call.chainId, to)
  return {
    intent: 'Contract call',
    interpolatedIntent: `Call ${target}${selector ? ` with selector ${selector}` : ''} sending ${nativeAmountText(call.chainId, call.value)}`,
    interactWith: interactWith(ctx, call.chainId, to),
    fields: [
      addressField(ctx, call.chainId, 'Contract', to),
      rawField('Selector', selector ?? 'none'),
      nativeAmountField('Value', call.value, call.chainId),
      rawField('Data size', `${Math.max(0, (call.data.length - 2) / 2)} bytes`),
    ],
    requiredFields: ['Contract', 'Selector', 'Value'],
  }
}
