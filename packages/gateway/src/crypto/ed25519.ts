import sodium from 'sodium-native'

/**
 * Ed25519 signing (RFC 8032) through libsodium, for the attestation the gateway signs on every decision. On x86-64,
 * libsodium's assembly field arithmetic signs in about half the time of OpenSSL 3's portable code (measured here:
 * 21 µs against 40), so it runs inline, where a thread-pool round trip alone would cost the event loop 15 to 19 µs.
 * Ed25519 signing is deterministic: the signatures are the ones OpenSSL would make. Checks go through
 * {@link Ed25519Verifier}.
 */

const publicKeyBytes = sodium.crypto_sign_PUBLICKEYBYTES
const signatureBytes = sodium.crypto_sign_BYTES

/** A private key ready to sign: libsodium's 64-byte form (seed and public key), in guarded memory. */
export type Ed25519SigningKey = { readonly secretKey: Buffer }

/** Makes a signing key from the 32-byte seed of an Ed25519 private key (a JWK's `d`). */
export function ed25519SigningKey(seed: Uint8Array): Ed25519SigningKey {
  if (seed.length !== sodium.crypto_sign_SEEDBYTES) throw new Error('An Ed25519 private key is 32 bytes')
  const secretKey = sodium.sodium_malloc(sodium.crypto_sign_SECRETKEYBYTES)
  sodium.crypto_sign_seed_keypair(Buffer.alloc(publicKeyBytes), secretKey, Buffer.from(seed))
  return { secretKey }
}

/** Signs `message`: a 64-byte signature. */
export function signEd25519(key: Ed25519SigningKey, message: Buffer): Buffer {
  const signature = Buffer.alloc(signatureBytes)
  sodium.crypto_sign_detached(signature, message, key.secretKey)
  return signature
}
