import { findDuplicateKey } from '@rampart/entities'
import { isAddress, validateTypedData } from 'viem'
import type { DecodeContext } from '../context'
import { addressField, interactWith, rawField } from '../display/fields'
import { fromClearSign } from '../display/fromClearSign'
import { declaresOwnDomainType } from '../eip712/eip712DomainType'
import type { DescriptorRegistry } from '../erc7730'
import { DecodingError } from '../errors/decodingError'
import { limits } from '../limits'
import { parseAddress, parseChainId } from '../request/values'
import { createResolution } from '../resolution/createResolution'
import type { Display, IntentFields, Resolution } from '../types'
import { checkTypedDataDomain, checkTypedDataValues } from './checkTypedDataValues'
import { decimalIntegers } from './decimalIntegers'
import { decodePackedUserOperation } from './packedUserOperation'
import { decodePermit, decodePermit2, type TypedDataDecoded, type TypedDataInput } from './permits'
import { decodeSafeTx } from './safeTx'
import { decodeSeaportOrder } from './seaport'

const maxJsonDepth = 32

/**
 * eth_signTypedData_v4: `[address, typedData]`, typed data as an object or a JSON string. The data is
 * validated against its own types (viem) before any reading, so a message cannot contradict its types.
 */
export function decodeTypedDataRequest(params: unknown, ctx: DecodeContext): Resolution {
  if (!Array.isArray(params) || params.length < 2) {
    throw new DecodingError('invalidParams', 'eth_signTypedData_v4 takes [address, typedData].', {
      path: '/params',
    })
  }
  let [address, data] = params as [unknown, unknown]
  if (
    typeof data === 'string' &&
    // Typed data sent as a JSON string is long: the length rules it out before viem hashes it for its cache.
    data.length === 42 &&
    isAddress(data, { strict: false }) &&
    !(typeof address === 'string' && isAddress(address, { strict: false }))
  ) {
    ;[address, data] = [data, address]
  }
  const signer = parseAddress(address, '/params/0')
  const typedData = parseTypedData(data)
  const domain = typedData.domain
  // A domain without chainId is signed the same for every chain: it is bound to none (0, as a personal message),
  // whatever chain the request is sent on, so that a policy allowing one chain does not allow it.
  const chainId =
    domain.chainId === undefined || domain.chainId === null
      ? 0
      : parseChainId(domain.chainId, '/params/1/domain/chainId')
  const verifyingContract =
    domain.verifyingContract === undefined
      ? undefined
      : parseAddress(domain.verifyingContract, '/params/1/domain/verifyingContract')
  const input: TypedDataInput = {
    ctx,
    chainId,
    primaryType: typedData.primaryType,
    domain,
    message: declaredMembers(typedData.message, typedData.types[typedData.primaryType]),
    verifyingContract,
    signer,
  }
  const known = builtin(input, typedData.types)
  const decoded = known ?? generic(input, typedData.types)
  // Intent-only decoding (decodeIntent) formats no display: the descriptors are not even consulted.
  const display =
    (ctx.display &&
      descriptorDisplay(
        typedData,
        ctx,
        known ? [ctx.rampart.typedData, ...ctx.registries] : ctx.registries,
      )) ||
    decoded.display
  return createResolution(
    ctx,
    decoded.intent,
    display,
    { error: decoded.error ?? null },
    decoded.resolutions ?? null,
  )
}

interface TypedData {
  types: Record<string, { name: string; type: string }[]>
  primaryType: string
  domain: Record<string, unknown>
  message: Record<string, unknown>
}

function parseTypedData(data: unknown): TypedData {
  const path = '/params/1'
  let value = data
  if (typeof data === 'string') {
    if (data.length > limits.maxTypedDataChars) {
      throw new DecodingError(
        'sizeLimitExceeded',
        `Typed data exceeds ${limits.maxTypedDataChars} characters.`,
        { path, context: { maxChars: limits.maxTypedDataChars } },
      )
    }
    try {
      value = JSON.parse(data)
    } catch {
      throw new DecodingError('invalidTypedData', 'Typed data is not valid JSON.', { path })
    }
    const duplicate = findDuplicateKey(data)
    if (duplicate !== undefined) {
      throw new DecodingError(
        'invalidTypedData',
        'Typed data names a member twice in one object, which JSON parsers (and so signers) read differently.',
        { path: `${path}${duplicate}` },
      )
    }
  }
  // Typed data sent as an object has no text to measure: its size is bounded as its JSON text would be (an object
  // shared by several members counts once for each, as it would be written out).
  const exceeded = measureJson(value)
  if (exceeded === 'depth') {
    throw new DecodingError('depthLimitExceeded', `Typed data nests deeper than ${maxJsonDepth} levels.`, {
      path,
      context: { maxDepth: maxJsonDepth },
    })
  }
  if (exceeded === 'size') {
    throw new DecodingError(
      'sizeLimitExceeded',
      `Typed data exceeds ${limits.maxTypedDataChars} characters of JSON.`,
      { path, context: { maxChars: limits.maxTypedDataChars } },
    )
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new DecodingError('invalidTypedData', 'Typed data must be an object.', { path })
  }
  const { types, primaryType, domain, message } = value as Record<string, unknown>
  if (typeof types !== 'object' || types === null || Array.isArray(types)) {
    throw new DecodingError('invalidTypedData', 'Typed data has no types object.', { path: `${path}/types` })
  }
  if (typeof primaryType !== 'string' || !Object.hasOwn(types, primaryType)) {
    throw new DecodingError('invalidTypedData', 'primaryType must name one of the types.', {
      path: `${path}/primaryType`,
    })
  }
  if (typeof domain !== 'object' || domain === null || Array.isArray(domain)) {
    throw new DecodingError('invalidTypedData', 'Typed data has no domain object.', {
      path: `${path}/domain`,
    })
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    throw new DecodingError('invalidTypedData', 'Typed data has no message object.', {
      path: `${path}/message`,
    })
  }
  // Signers hash the domain with the declared EIP712Domain type: one that leaves out chainId or verifyingContract
  // would have the request decided for one domain and signed for another.
  if (!declaresOwnDomainType(types, domain as Record<string, unknown>)) {
    throw new DecodingError(
      'invalidTypedData',
      'The EIP712Domain type is not the type of the domain: it must list exactly the fields the domain has, in the standard order and with their standard types.',
      { path: `${path}/types/EIP712Domain` },
    )
  }
  const typedData = { types, primaryType, domain, message } as TypedData
  try {
    const { EIP712Domain: _domainType, ...messageTypes } = typedData.types
    validateTypedData({ ...typedData, types: messageTypes } as Parameters<typeof validateTypedData>[0])
  } catch (error) {
    throw new DecodingError(
      'invalidTypedData',
      `The message does not match its types: ${(error as { shortMessage?: string }).shortMessage ?? 'invalid value'}.`,
      {
        path: `${path}/message`,
      },
    )
  }
  checkTypedDataDomain(typedData.domain)
  // With EIP712Domain as its primary type, only the domain is signed: the message is no part of it.
  if (primaryType !== 'EIP712Domain') checkTypedDataValues(typedData.types, primaryType, typedData.message)
  return typedData
}

/**
 * Which bound the value passes first, if any: its nesting (deeper than maxJsonDepth) or its size, counted as a lower
 * bound of the length of its JSON text (so typed data that was parsed from text within the bound stays within it).
 * The walk stops as soon as a bound is passed, whatever the value holds.
 */
function measureJson(value: unknown): 'depth' | 'size' | undefined {
  let size = 0
  const walk = (node: unknown, depth: number): 'depth' | 'size' | undefined => {
    if (depth > maxJsonDepth) return 'depth'
    if (typeof node === 'string') size += node.length + 2
    else if (typeof node !== 'object' || node === null) size += 1
    else {
      size += 2
      const array = Array.isArray(node)
      // The own enumerable values, as Object.values lists them, without building that list for every object.
      for (const key in node) {
        if (!Object.hasOwn(node, key)) continue
        // A member is written "key": and a comma, an array element only a comma.
        size += array ? 1 : key.length + 4
        const exceeded = walk((node as Record<string, unknown>)[key], depth + 1)
        if (exceeded) return exceeded
      }
    }
    return size > limits.maxTypedDataChars ? 'size' : undefined
  }
  return walk(value, 0)
}

/**
 * The members of the message that its type declares. Signers hash those alone, so a member the type leaves out
 * (DAI's `allowed: false` added to an EIP-2612 permit) must not be read as part of what is signed.
 */
function declaredMembers(
  message: Record<string, unknown>,
  fields: readonly { name: string }[] | undefined,
): Record<string, unknown> {
  const declared = Array.isArray(fields) ? fields : []
  const names = new Set(declared.map((field) => field.name))
  if (Object.keys(message).every((key) => names.has(key))) return message
  // Built from entries: a `__proto__` member stays a member instead of becoming the prototype.
  return Object.fromEntries(
    declared
      .filter((field) => Object.hasOwn(message, field.name))
      .map((field) => [field.name, message[field.name]]),
  )
}

function builtin(input: TypedDataInput, types: TypedData['types']): TypedDataDecoded | undefined {
  if (input.primaryType === 'Permit') return decodePermit(input)
  if (input.primaryType === 'SafeTx') return decodeSafeTx(input, types)
  if (input.primaryType === 'PackedUserOperation') return decodePackedUserOperation(input, types)
  if (/^Permit(Single|Batch|(Batch)?(Witness)?TransferFrom)$/.test(input.primaryType))
    return decodePermit2(input)
  if (
    input.primaryType === 'OrderComponents' &&
    'offerer' in input.message &&
    'consideration' in input.message
  ) {
    return decodeSeaportOrder(input)
  }
  return undefined
}

function generic(input: TypedDataInput, types: TypedData['types']): TypedDataDecoded {
  const intent: IntentFields = {
    type: 'signTypedData',
    chainId: input.chainId,
    typedData: {
      primaryType: input.primaryType,
      domain: input.domain,
      message: decimalIntegers(input.message, types[input.primaryType]),
    },
  }
  if (input.signer) intent.from = input.signer
  if (input.verifyingContract) intent.contract = input.verifyingContract
  const domainName = typeof input.domain.name === 'string' ? input.domain.name : 'unknown application'
  const fields = [
    ...(input.signer ? [addressField(input.ctx, input.chainId, 'Signer', input.signer)] : []),
    rawField('Primary type', input.primaryType),
    rawField('Message', JSON.stringify(input.message)),
  ]
  const display: Display = {
    intent: `Sign ${input.primaryType}`,
    interpolatedIntent: `Sign ${input.primaryType} for ${domainName}`,
    interactWith: interactWith(
      input.ctx,
      input.chainId,
      input.verifyingContract,
      typeof input.domain.name === 'string' ? input.domain.name : null,
    ),
    fields,
    requiredFields: fields.map((f) => f.label),
  }
  return { intent, display }
}

function descriptorDisplay(
  typedData: TypedData,
  ctx: DecodeContext,
  registries: readonly DescriptorRegistry[],
): Display | undefined {
  for (const registry of registries) {
    try {
      const display = registry.formatTypedData(typedData, ctx.provider)
      if (display && !display.error) return fromClearSign(display)
    } catch {
      // A faulty descriptor must not hide the built-in reading of the message.
    }
  }
  return undefined
}
