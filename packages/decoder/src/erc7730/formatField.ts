import { keccak256 } from 'viem'
import { chainInfo } from './chains'
import type { CompiledField } from './compileDescriptor'
import { formatAmount } from './formatAmount'
import { formatDate, formatDuration } from './formatDate'
import { formatUnit } from './formatUnit'
import { isObject } from './mergeIncludes'
import type { PathStep } from './path'
import { paramLiteral, paramValue, paramValues, type RenderContext } from './renderContext'
import type { ClearSignDisplay, ClearSignError, ClearSignField, ClearSignWarning } from './types'
import { checksum, renderRaw, type Value, valueToAddress, valueToBigInt } from './value'

export type FieldOutput = Pick<ClearSignField, 'value' | 'address' | 'amount' | 'contract' | 'token'> & {
  error?: ClearSignError
  warning?: ClearSignWarning
}

const INTEGER_FORMATS = new Set([
  'amount',
  'tokenAmount',
  'nftName',
  'date',
  'duration',
  'unit',
  'enum',
  'chainId',
])

/** Formats one value with its field's format. Never throws: a value that cannot be formatted is shown raw. */
export function formatField(
  ctx: RenderContext,
  field: CompiledField,
  value: Value,
  scope: readonly PathStep[],
  bound: readonly number[],
): FieldOutput {
  const text = renderRaw(value)
  const raw = output(text, value.type === 'address' ? value.value : null)
  if (field.format === 'enum' && value.type === 'bool') return formatEnum(field, String(value.value), raw)
  if (INTEGER_FORMATS.has(field.format)) {
    const integer =
      value.type === 'int' ? value.value : value.type === 'bytes' ? valueToBigInt(value) : undefined
    if (integer === undefined) return mismatch(raw, field, value, 'an integer')
    // An int's raw text is its decimal digits already: a 256-bit BigInt is not converted to text twice.
    const decimal = value.type === 'int' ? text : integer.toString()
    return formatInteger(ctx, field, integer, decimal, raw, scope, bound)
  }
  switch (field.format) {
    case 'addressName':
    case 'tokenTicker': {
      const address = valueToAddress(value)
      if (!address) return mismatch(raw, field, value, 'an address')
      return field.format === 'addressName'
        ? formatAddressName(ctx, field, address, scope, bound)
        : formatTokenTicker(ctx, field, address, scope, bound)
    }
    case 'calldata':
      if (value.type !== 'bytes') return mismatch(raw, field, value, 'bytes')
      return formatCalldata(ctx, field, value.value, scope, bound)
    case 'interoperableAddressName':
      return value.type === 'bytes' ? formatInteroperableAddress(ctx, value.value, raw) : raw
    default:
      return raw
  }
}

function output(value: string, address: string | null = null): FieldOutput {
  return fieldOutput(value, address ? checksum(address) : null, null, null, null, undefined, undefined)
}

/**
 * Every field output is built here, with all its properties in one order: one object shape, which keeps the
 * renderer's reads of them fast (objects spread from one another take many shapes).
 */
export function fieldOutput(
  value: FieldOutput['value'],
  address: FieldOutput['address'],
  amount: FieldOutput['amount'],
  contract: FieldOutput['contract'],
  token: FieldOutput['token'],
  error: ClearSignError | undefined,
  warning: ClearSignWarning | undefined,
): FieldOutput {
  return { value, address, amount, contract, token, error, warning }
}

/** `base` with some of its parts replaced (as `{ ...base, ...parts }`), in the one output shape. */
function withParts(base: FieldOutput, parts: Partial<FieldOutput>): FieldOutput {
  return fieldOutput(
    'value' in parts ? parts.value! : base.value,
    'address' in parts ? parts.address! : base.address,
    'amount' in parts ? parts.amount! : base.amount,
    'contract' in parts ? parts.contract! : base.contract,
    'token' in parts ? parts.token! : base.token,
    'error' in parts ? parts.error : base.error,
    'warning' in parts ? parts.warning : base.warning,
  )
}

function mismatch(raw: FieldOutput, field: CompiledField, value: Value, expected: string): FieldOutput {
  return withParts(raw, {
    error: {
      code: 'ERC7730_FORMAT_FAILED',
      message: `Format ${field.format} expects ${expected}, got ${value.type}`,
      context: { label: field.label, path: field.path?.text ?? null },
    },
  })
}

function chainIdParam(
  ctx: RenderContext,
  field: CompiledField,
  scope: readonly PathStep[],
  bound: readonly number[],
): number | undefined {
  const spec = field.params.chainId ?? field.params.chainIdPath
  const chain = spec ? valueToBigInt(paramValue(ctx, spec, scope, bound)) : undefined
  if (chain !== undefined && chain > 0n && chain <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(chain)
  return ctx.container.chainId
}

function formatInteger(
  ctx: RenderContext,
  field: CompiledField,
  value: bigint,
  amount: string,
  raw: FieldOutput,
  scope: readonly PathStep[],
  bound: readonly number[],
): FieldOutput {
  switch (field.format) {
    case 'amount': {
      const native = ctx.container.chainId !== undefined ? chainInfo(ctx.container.chainId) : undefined
      if (!native) {
        return withParts(raw, {
          amount,
          warning: { code: 'ERC7730_UNKNOWN_CHAIN', message: 'Unknown chain: amount in base units' },
        })
      }
      const { symbol, decimals } = native.nativeCurrency
      return withParts(output(`${formatAmount(value, decimals)} ${symbol}`), { amount })
    }
    case 'tokenAmount':
      return formatTokenAmount(ctx, field, value, amount, raw, scope, bound)
    case 'nftName': {
      const collection = valueToAddress(
        paramValue(ctx, field.params.collection ?? field.params.collectionPath, scope, bound),
      )
      const chainId = ctx.container.chainId
      const name =
        collection && chainId !== undefined
          ? ctx.provider?.nftCollectionName?.(chainId, collection)
          : undefined
      if (!name) {
        return withParts(raw, {
          address: collection ? checksum(collection) : null,
          warning: {
            code: 'ERC7730_UNKNOWN_COLLECTION',
            message: 'Unknown NFT collection: raw token id shown',
          },
        })
      }
      return withParts(output(`${name} #${amount}`, collection), { contract: { name } })
    }
    case 'date': {
      const encoding = paramLiteral(field.params.encoding)
      let seconds: bigint | undefined = value
      if (encoding === 'blockheight') {
        const chainId = ctx.container.chainId
        const timestamp = chainId !== undefined ? ctx.provider?.blockTimestamp?.(chainId, value) : undefined
        seconds = timestamp === undefined ? undefined : BigInt(timestamp)
      }
      const text = seconds === undefined ? undefined : formatDate(seconds)
      if (text) return output(text)
      return withParts(raw, {
        warning: { code: 'ERC7730_UNKNOWN_DATE', message: 'Date could not be resolved: raw value shown' },
      })
    }
    case 'duration':
      return output(formatDuration(value))
    case 'unit': {
      const base = paramLiteral(field.params.base)
      const decimals = Number(paramLiteral(field.params.decimals) ?? 0)
      const prefix = paramLiteral(field.params.prefix) === true
      return output(
        formatUnit(
          value,
          typeof base === 'string' ? base : '',
          Number.isSafeInteger(decimals) ? decimals : 0,
          prefix,
        ),
      )
    }
    case 'enum':
      return formatEnum(field, amount, raw)
    case 'chainId': {
      const chain = value <= BigInt(Number.MAX_SAFE_INTEGER) ? chainInfo(Number(value)) : undefined
      return chain ? output(chain.name) : raw
    }
    default:
      return raw
  }
}

/** Enum labels are keyed by the value's decimal (or `true` / `false`) text. */
function formatEnum(field: CompiledField, key: string, raw: FieldOutput): FieldOutput {
  const labels = paramLiteral(field.params.$ref)
  if (!isObject(labels)) return raw
  // Keys are matched exactly first, then case-insensitively (`"True"` for a bool, `"0xA"` for hex).
  const label =
    labels[key] ?? Object.entries(labels).find(([k]) => k.toLowerCase() === key.toLowerCase())?.[1]
  return typeof label === 'string' ? output(label) : raw
}

function formatTokenAmount(
  ctx: RenderContext,
  field: CompiledField,
  value: bigint,
  amount: string,
  raw: FieldOutput,
  scope: readonly PathStep[],
  bound: readonly number[],
): FieldOutput {
  const tokenSpec = field.params.token ?? field.params.tokenPath
  const literal = paramLiteral(tokenSpec)
  const chainId = chainIdParam(ctx, field, scope, bound)
  let address: string | undefined
  let token: { symbol?: string; name?: string; decimals: number } | undefined
  if (isObject(literal)) {
    // `$.metadata.token`: the descriptor itself says which token this is.
    if (typeof literal.decimals === 'number') {
      token = {
        symbol: typeof literal.ticker === 'string' ? literal.ticker : undefined,
        name: typeof literal.name === 'string' ? literal.name : undefined,
        decimals: literal.decimals,
      }
    }
  } else {
    address = valueToAddress(paramValue(ctx, tokenSpec, scope, bound))
  }
  if (address && chainId !== undefined) {
    const natives = paramValues(ctx, field.params.nativeCurrencyAddress, scope, bound)
    if (natives.some((native) => valueToAddress(native) === address)) {
      const native = chainInfo(chainId)?.nativeCurrency
      if (native) token = { symbol: native.symbol, name: native.name, decimals: native.decimals }
    } else {
      token = ctx.provider?.token?.(chainId, address) ?? descriptorToken(ctx, address)
    }
  }
  const tokenOut = address
    ? {
        address: checksum(address),
        decimals: token?.decimals ?? null,
        name: token?.name ?? null,
        ticker: token?.symbol ?? null,
      }
    : null
  const threshold = thresholdOf(ctx, field, scope, bound)
  const message = paramLiteral(field.params.message)
  const unlimited = threshold !== undefined && value >= threshold
  const unlimitedText = typeof message === 'string' ? message : 'Unlimited'
  if (!token) {
    // Without decimals the amount stays in base units, but an amount at the threshold needs none: showing
    // 78 digits where the descriptor says "Unlimited" would hide exactly what the signer must see.
    if (unlimited) {
      const text = address ? `${unlimitedText} ${checksum(address)}` : unlimitedText
      const warning: ClearSignWarning = {
        code: 'ERC7730_UNKNOWN_TOKEN',
        message: 'Unknown token: shown by its address',
      }
      return withParts(output(text, address), { amount, token: tokenOut, warning })
    }
    const warning: ClearSignWarning = {
      code: 'ERC7730_UNKNOWN_TOKEN',
      message: 'Unknown token: the amount is shown in base units',
    }
    return withParts(raw, { amount, token: tokenOut, address: address ? checksum(address) : null, warning })
  }
  const ticker = token.symbol ?? ''
  const text = unlimited ? `${unlimitedText} ${ticker}` : `${formatAmount(value, token.decimals)} ${ticker}`
  return withParts(output(text, address), { amount, token: tokenOut })
}

/** The descriptor's own `metadata.token`, when the amount is in the described contract's token. */
function descriptorToken(ctx: RenderContext, address: string) {
  const meta = ctx.format.descriptor.token
  if (!meta || typeof meta.decimals !== 'number' || address !== ctx.container.to) return undefined
  return { symbol: meta.ticker, name: meta.name, decimals: meta.decimals }
}

function thresholdOf(
  ctx: RenderContext,
  field: CompiledField,
  scope: readonly PathStep[],
  bound: readonly number[],
): bigint | undefined {
  const spec = field.params.threshold
  if (!spec) return undefined
  const literal = paramLiteral(spec)
  if (typeof literal === 'string') {
    const known = literalThresholds.get(literal)
    if (known !== undefined) return known
    if (/^(0x[0-9a-fA-F]+|\d+)$/.test(literal)) {
      const threshold = BigInt(literal)
      if (literalThresholds.size >= 1024) literalThresholds.clear()
      literalThresholds.set(literal, threshold)
      return threshold
    }
  }
  return valueToBigInt(paramValue(ctx, spec, scope, bound))
}

/** Thresholds written in descriptors (mostly 2^256-1 in hex), parsed once rather than on every amount. */
const literalThresholds = new Map<string, bigint>()

function formatAddressName(
  ctx: RenderContext,
  field: CompiledField,
  address: string,
  scope: readonly PathStep[],
  bound: readonly number[],
): FieldOutput {
  const senders = paramValues(ctx, field.params.senderAddress, scope, bound)
  if (senders.some((sender) => valueToAddress(sender) === address)) {
    return output('Sender', ctx.container.from ?? address)
  }
  const sources = paramLiteral(field.params.sources)
  const allowed = Array.isArray(sources) ? sources : undefined
  const chainId = ctx.container.chainId ?? 0
  const name =
    (!allowed || allowed.includes('local') ? ctx.provider?.addressName?.(chainId, address) : undefined) ??
    (!allowed || allowed.includes('ens') ? ctx.provider?.ensName?.(chainId, address) : undefined)
  const out = output(name ?? checksum(address), address)
  return name ? withParts(out, { contract: { name } }) : out
}

function formatTokenTicker(
  ctx: RenderContext,
  field: CompiledField,
  address: string,
  scope: readonly PathStep[],
  bound: readonly number[],
): FieldOutput {
  const chainId = chainIdParam(ctx, field, scope, bound)
  const token = chainId !== undefined ? ctx.provider?.token?.(chainId, address) : undefined
  const out = output(token?.symbol ?? checksum(address), address)
  if (!token) return out
  return withParts(out, {
    token: {
      address: checksum(address),
      decimals: token.decimals,
      name: token.name ?? null,
      ticker: token.symbol ?? null,
    },
  })
}

function formatCalldata(
  ctx: RenderContext,
  field: CompiledField,
  data: string,
  scope: readonly PathStep[],
  bound: readonly number[],
): FieldOutput {
  const raw = output(data)
  const callee = valueToAddress(paramValue(ctx, field.params.callee ?? field.params.calleePath, scope, bound))
  const chainId = chainIdParam(ctx, field, scope, bound)
  if (!callee || chainId === undefined) {
    return withParts(raw, {
      error: {
        code: 'ERC7730_FORMAT_FAILED',
        message: 'Embedded calldata has no resolvable callee',
        context: { label: field.label },
      },
    })
  }
  if (ctx.depth + 1 > ctx.maxDepth) {
    return withParts(raw, {
      address: checksum(callee),
      error: {
        code: 'ERC7730_DEPTH_EXCEEDED',
        message: `Embedded calldata nests deeper than ${ctx.maxDepth} levels`,
        context: { label: field.label, callee: checksum(callee) },
      },
    })
  }
  const selector = paramValue(ctx, field.params.selector ?? field.params.selectorPath, scope, bound)
  const selectorHex = selector?.type === 'bytes' ? selector.value.slice(2, 10) : ''
  const amount = valueToBigInt(paramValue(ctx, field.params.amount ?? field.params.amountPath, scope, bound))
  const spender = valueToAddress(
    paramValue(ctx, field.params.spender ?? field.params.spenderPath, scope, bound),
  )
  const nested: ClearSignDisplay | undefined = ctx.nested(
    { chainId, to: callee, data: `0x${selectorHex}${data.slice(2)}`, value: amount, from: spender },
    ctx.depth + 1,
  )
  if (!nested) return withParts(raw, { address: checksum(callee) })
  return withParts(output('', callee), {
    value: nested,
    contract: nested.interactWith.contractName ? { name: nested.interactWith.contractName } : null,
    // A failure inside the embedded call is a failure of this display too.
    ...(nested.error ? { error: nested.error } : {}),
  })
}

/**
 * ERC-7930 interoperable address: version(2) chainType(2) chainRefLength(1) chainRef addressLength(1)
 * address, shown as `<address or name>@eip155:<chainId>#<checksum>` (checksum: the first 4 bytes of
 * keccak256 of everything after the version). Only EVM (eip155) addresses are read; others stay raw.
 */
function formatInteroperableAddress(ctx: RenderContext, hex: string, raw: FieldOutput): FieldOutput {
  const bytes = hex.slice(2)
  const chainRefLength = Number.parseInt(bytes.slice(8, 10), 16)
  const chainRef = bytes.slice(10, 10 + chainRefLength * 2)
  const addressLength = Number.parseInt(bytes.slice(10 + chainRefLength * 2, 12 + chainRefLength * 2), 16)
  const address = bytes.slice(12 + chainRefLength * 2)
  if (bytes.slice(4, 8) !== '0000' || addressLength !== 20 || address.length !== 40) return raw
  const chainId = chainRef ? Number.parseInt(chainRef, 16) : undefined
  const lower = `0x${address}`
  const name =
    ctx.provider?.addressName?.(chainId ?? 0, lower) ?? ctx.provider?.ensName?.(chainId ?? 0, lower)
  const checksumText = keccak256(`0x${bytes.slice(4)}`)
    .slice(2, 10)
    .toUpperCase()
  const chain = chainId !== undefined ? `@eip155:${chainId}` : ''
  return output(`${name ?? checksum(lower)}${chain}#${checksumText}`, lower)
}
