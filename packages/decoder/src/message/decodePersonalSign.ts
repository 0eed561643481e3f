import { hexToBytes, isAddress, size, stringToHex } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import type { DecodeContext } from '../context'
import { addressField, interactWith, rawField } from '../display/fields'
import { DecodingError } from '../errors/decodingError'
import { limits } from '../limits'
import { parseAddress } from '../request/values'
import { createResolution } from '../resolution/createResolution'
import type { Display, DisplayField, IntentFields, Resolution } from '../types'

const hexPattern = /^0x[0-9a-fA-F]*$/
const utf8 = new TextDecoder('utf-8', { fatal: true })
/**
 * Control characters other than tab, line feed and carriage return, and bidirectional overrides, make text
 * unsafe to show as is: it could render differently from what is signed.
 */
function isUnsafeText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return true
    if ((c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)) return true
  }
  return false
}

/**
 * personal_sign: `[message, address]` (the wallet order); the reversed order some dapps send is accepted.
 * A hex payload is shown as text when it is valid, printable UTF-8, and as hex otherwise. Sign-In with
 * Ethereum (EIP-4361) messages are parsed into their fields.
 */
export function decodePersonalSign(params: unknown, ctx: DecodeContext, defaultChainId: number): Resolution {
  if (!Array.isArray(params) || params.length < 1) {
    throw new DecodingError('invalidParams', 'personal_sign takes [message, address].', { path: '/params' })
  }
  let [message, address] = params as [unknown, unknown]
  let messageIndex = 0
  if (
    typeof message === 'string' &&
    // Messages are mostly longer than an address: the length rules them out before viem hashes them for its cache.
    message.length === 42 &&
    isAddress(message, { strict: false }) &&
    typeof address === 'string' &&
    !isAddress(address, { strict: false })
  ) {
    ;[message, address] = [address, message]
    messageIndex = 1
  }
  const path = `/params/${messageIndex}`
  if (typeof message !== 'string')
    throw new DecodingError('invalidParams', 'The message must be a string.', { path })
  const signer = address === undefined ? undefined : parseAddress(address, `/params/${1 - messageIndex}`)
  // Bounded by length before anything reads the whole message: a hex payload takes two digits a byte, and text at
  // least one UTF-8 byte a UTF-16 unit (the exact count follows once it is within reach of the bound).
  const isHex = message.startsWith('0x')
  if ((isHex ? (message.length - 2) / 2 : message.length) > limits.maxMessageBytes) tooLarge(path)
  let hex: `0x${string}`
  if (isHex) {
    if (message.length % 2 !== 0 || !hexPattern.test(message)) {
      throw new DecodingError('malformedHex', 'The message starts with 0x but is not even-length hex.', {
        path,
      })
    }
    hex = message.toLowerCase() as `0x${string}`
  } else {
    hex = stringToHex(message)
  }
  if (size(hex) > limits.maxMessageBytes) tooLarge(path)
  const text = readableText(hex)
  const intent: IntentFields = { type: 'signMessage', chainId: defaultChainId, messageHex: hex }
  if (signer) intent.from = signer
  const fields: DisplayField[] = []
  if (signer) fields.push(addressField(ctx, defaultChainId, 'Signer', signer))
  let display: Display
  if (text === undefined) {
    fields.push(rawField('Message (hex)', hex))
    display = messageDisplay(
      ctx,
      defaultChainId,
      'Sign message',
      `Sign a ${size(hex)}-byte binary message`,
      fields,
    )
  } else {
    intent.message = text
    const siwe = siweFields(text)
    if (siwe) {
      intent.type = 'signIn'
      intent.siwe = siwe
      if (siwe.chainId) intent.chainId = Number(siwe.chainId)
      // A sign-in for another account than the signer's is a phishing pattern a policy must see.
      if (signer && siwe.address?.toLowerCase() !== signer) intent.flags = ['siweAddressMismatch']
      for (const [key, value] of Object.entries(siwe)) {
        fields.push(rawField(siweLabels[key] ?? key, value.replaceAll('\n', ', ')))
      }
      display = messageDisplay(
        ctx,
        intent.chainId,
        'Sign in',
        `Sign in to ${siwe.domain} as ${siwe.address}`,
        fields,
      )
    } else {
      fields.push(rawField('Message', text))
      display = messageDisplay(ctx, defaultChainId, 'Sign message', `Sign message: ${text}`, fields)
    }
  }
  return createResolution(ctx, intent, display, {})
}

function tooLarge(path: string): never {
  throw new DecodingError('sizeLimitExceeded', `The message exceeds ${limits.maxMessageBytes} bytes.`, {
    path,
    context: { maxBytes: limits.maxMessageBytes },
  })
}

function readableText(hex: `0x${string}`): string | undefined {
  try {
    const text = utf8.decode(hexToBytes(hex))
    return isUnsafeText(text) ? undefined : text
  } catch {
    return undefined
  }
}

const siweLabels: Record<string, string> = {
  domain: 'Domain',
  address: 'Address',
  statement: 'Statement',
  uri: 'URI',
  version: 'Version',
  chainId: 'Chain ID',
  nonce: 'Nonce',
  issuedAt: 'Issued at',
  expirationTime: 'Expires at',
  notBefore: 'Not before',
  requestId: 'Request ID',
  scheme: 'Scheme',
  resources: 'Resources',
}

/**
 * The whole layout of an EIP-4361 message, anchored at both ends. viem's parser finds the fields wherever they
 * are, so text before URI:, between fields or after the last one would be signed without being shown; a message
 * with any such text is not a sign-in. Without a statement, the blank line before URI: is written once (viem) or
 * twice (the EIP's grammar).
 */
const siweLayout = new RegExp(
  [
    '^(?:[a-zA-Z][a-zA-Z0-9+\\-.]*://)?[^\\s]+ wants you to sign in with your Ethereum account:\\n',
    '0x[0-9a-fA-F]{40}\\n\\n(?:[^\\n]+\\n\\n|\\n)?',
    'URI: [^\\n]+\\nVersion: [^\\n]+\\nChain ID: [0-9]+\\nNonce: [a-zA-Z0-9]+\\nIssued At: [^\\n]+',
    '(?:\\nExpiration Time: [^\\n]+)?(?:\\nNot Before: [^\\n]+)?(?:\\nRequest ID: [^\\n]*)?',
    '(?:\\nResources:(?:\\n- [^\\n]+)*)?\\n?$',
  ].join(''),
)

function siweFields(text: string): Record<string, string> | undefined {
  if (!text.includes('wants you to sign in with your Ethereum account') || !siweLayout.test(text))
    return undefined
  const parsed = parseSiweMessage(text)
  if (
    !parsed.domain ||
    !parsed.address ||
    !parsed.uri ||
    !parsed.version ||
    !parsed.chainId ||
    !parsed.nonce
  ) {
    return undefined
  }
  const fields: Record<string, string> = {}
  for (const [key, value] of Object.entries(parsed)) {
    if (value === undefined) continue
    if (value instanceof Date) fields[key] = value.toISOString()
    else if (Array.isArray(value)) fields[key] = value.join('\n')
    else fields[key] = String(value)
  }
  return fields
}

function messageDisplay(
  ctx: DecodeContext,
  chainId: number,
  intent: string,
  text: string,
  fields: DisplayField[],
): Display {
  return {
    intent,
    interpolatedIntent: text,
    interactWith: { ...interactWith(ctx, chainId, undefined), contractChainId: null },
    fields,
    requiredFields: fields.map((f) => f.label),
  }
}
