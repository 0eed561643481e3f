import { ed25519 } from '@noble/curves/ed25519.js'
import { hmac } from '@noble/hashes/hmac.js'
import { sha512 } from '@noble/hashes/sha2.js'

const hardenedOffset = 0x80000000

export interface Ed25519Node {
  privateKey: Uint8Array
  chainCode: Uint8Array
  publicKey: Uint8Array
}

/**
 * SLIP-0010 key derivation for ed25519. Only hardened derivation exists on ed25519, so every path segment
 * must carry `'` (for example `m/44'/501'/0'/0'`).
 */
export function deriveEd25519(seed: Uint8Array, path: string): Ed25519Node {
  const segments = path.split('/')
  if (segments[0] !== 'm') throw new Error(`Derivation path must start with m: ${path}`)
  let digest = hmac(sha512, new TextEncoder().encode('ed25519 seed'), seed)
  let privateKey = digest.slice(0, 32)
  let chainCode = digest.slice(32)
  for (const segment of segments.slice(1)) {
    const match = /^(\d{1,10})'$/.exec(segment)
    const index = match ? Number(match[1]) : Number.NaN
    if (!match || index >= hardenedOffset) {
      throw new Error(`ed25519 supports hardened segments only, got "${segment}" in ${path}`)
    }
    const data = new Uint8Array(37)
    data.set(privateKey, 1)
    new DataView(data.buffer).setUint32(33, index + hardenedOffset)
    digest = hmac(sha512, chainCode, data)
    privateKey = digest.slice(0, 32)
    chainCode = digest.slice(32)
  }
  return { privateKey, chainCode, publicKey: ed25519.getPublicKey(privateKey) }
}
