import {
  type DescriptorRegistry,
  type DisplayField,
  decodeRequest,
  loadDescriptorDirectory,
  type Resolution,
} from '@rampart/decoder'
import { type EntityIndex, loadEntities } from '@rampart/entities'
import { EXIT } from '../exitCodes'
import { readJsonInput } from '../readJsonInput'
import { wholeNumber } from '../wholeNumber'
import type { DECODE_FORMATS } from './decodeFormats'

export interface DecodeOptions {
  format: (typeof DECODE_FORMATS)[number]
  entities?: string
  descriptors?: string
  chainId?: string
}

function fail(message: string): number {
  process.stderr.write(`rampart: ${message}\n`)
  return EXIT.usage
}

/**
 * Decodes one JSON-RPC request (or an /evaluate body holding it under `request`) and prints the resolution.
 * Exits 0 when the request decoded cleanly, 1 when the resolution carries a decoder error (a signer must not
 * rely on it), 2 on a usage error or an unreadable input.
 */
export async function runDecode(input: string, options: DecodeOptions): Promise<number> {
  let request: unknown
  try {
    const parsed = await readJsonInput(input, 'request')
    request =
      parsed &&
      typeof parsed === 'object' &&
      !Array.isArray(parsed) &&
      'request' in parsed &&
      !('method' in parsed)
        ? (parsed as { request: unknown }).request
        : parsed
  } catch (error) {
    return fail(`cannot read ${input === '-' ? 'standard input' : input}: ${(error as Error).message}`)
  }
  let entities: EntityIndex | undefined
  if (options.entities) {
    let doc: unknown
    try {
      doc = await readJsonInput(options.entities, 'entities')
    } catch (error) {
      return fail(`cannot read entities ${options.entities}: ${(error as Error).message}`)
    }
    // Names on screen are only as good as the document they come from: one that does not validate (of any kind,
    // a tokens-only document will do) is refused rather than half read.
    const loaded = loadEntities(doc)
    if (!loaded.valid) {
      for (const issue of loaded.issues.filter((i) => i.severity === 'error').slice(0, 20))
        process.stderr.write(`  ${issue.path || '/'}  ${issue.code}  ${issue.message}\n`)
      return fail(`entities ${options.entities} are invalid (rampart entities validate says why)`)
    }
    entities = loaded.index
  }
  let descriptors: DescriptorRegistry | undefined
  if (options.descriptors) {
    descriptors = loadDescriptorDirectory(options.descriptors)
    if (descriptors.size === 0) return fail(`no ERC-7730 descriptors found in ${options.descriptors}`)
  }
  let chainId: number | undefined
  if (options.chainId !== undefined) {
    chainId = wholeNumber(options.chainId)
    if (chainId === undefined) return fail('--chain-id must be a non-negative integer (decimal digits)')
  }
  const resolution = decodeRequest(request, {
    ...(entities !== undefined ? { entities } : {}),
    ...(descriptors ? { descriptors } : {}),
    ...(chainId !== undefined ? { chainId } : {}),
  })
  process.stdout.write(
    options.format === 'json'
      ? `${JSON.stringify(resolution, null, 2)}\n`
      : `${formatResolution(resolution)}\n`,
  )
  return resolution.decoding.error ? EXIT.invalid : EXIT.ok
}

/** A readable tree: what the request does, its fields, then each nested call indented below it. */
export function formatResolution(resolution: Resolution, indent = ''): string {
  const { display, decoding, intent } = resolution
  const lines = [`${indent}${display.interpolatedIntent}`]
  const inner = `${indent}  `
  const contract = display.interactWith
  if (contract.contractAddress) {
    const name = contract.contractName ? `${contract.contractName} ` : ''
    lines.push(
      `${inner}contract: ${name}${contract.contractAddress} (chain ${contract.contractChainId ?? intent.chainId})`,
    )
  }
  for (const field of display.fields) lines.push(...formatField(field, inner))
  lines.push(`${inner}intent: ${intent.type}${intent.flags?.length ? ` [${intent.flags.join(', ')}]` : ''}`)
  if (decoding.descriptor)
    lines.push(`${inner}function: ${decoding.descriptor.name} ${decoding.hexSignature}`)
  if (decoding.error) {
    lines.push(
      `${inner}error: ${decoding.error.code} ${decoding.error.name}: ${decoding.error.message} at ${decoding.error.path || '/'}`,
    )
  }
  for (const [i, nested] of (resolution.resolutions ?? []).entries()) {
    lines.push(`${inner}└─ call ${i + 1}:`)
    lines.push(formatResolution(nested, `${inner}   `))
  }
  return lines.join('\n')
}

function formatField(field: DisplayField, indent: string): string[] {
  if (typeof field.value === 'string') return [`${indent}${field.label}: ${field.value}`]
  return [`${indent}${field.label}: ${field.value.interpolatedIntent}`]
}
