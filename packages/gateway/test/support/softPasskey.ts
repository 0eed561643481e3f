import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

/**
 * A software authenticator for tests that run without a browser: a P-256 passkey that answers the gateway's
 * WebAuthn options as an authenticator would (attestation "none", user present and verified, a counter that
 * moves), for an origin the test chooses, so refusals can be shown for each thing a real one could get wrong.
 */
export class SoftPasskey {
  readonly credentialId = randomBytes(16).toString('base64url')
  counter = 0
  readonly #privateKey: KeyObject
  readonly #publicJwk: { x: string; y: string }

  constructor(readonly origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    this.#privateKey = privateKey
    const jwk = publicKey.export({ format: 'jwk' })
    this.#publicJwk = { x: jwk.x!, y: jwk.y! }
  }

  /** The passkey as an Entities credential of a user, as enrolment would have added it. */
  credential(id: string, userId: string) {
    return {
      id,
      userId,
      key: { kty: 'EC', crv: 'P-256', alg: 'ES256', ...this.#publicJwk },
      webauthn: { credentialId: this.credentialId, counter: 0 },
    }
  }

  get rpId() {
    return new URL(this.origin).hostname
  }

  #authData(flags: number, extra: Buffer = Buffer.alloc(0)) {
    const counter = Buffer.alloc(4)
    counter.writeUInt32BE(this.counter)
    return Buffer.concat([
      createHash('sha256').update(this.rpId).digest(),
      Buffer.from([flags]),
      counter,
      extra,
    ])
  }

  #clientData(type: string, challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
  }

  /** The answer to registration options: what @simplewebauthn/browser's startRegistration returns. */
  register(options: { challenge: string }) {
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(this.#publicJwk.x, 'base64url')],
        [-3, Buffer.from(this.#publicJwk.y, 'base64url')],
      ]) as never,
    )
    const id = Buffer.from(this.credentialId, 'base64url')
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(id.length)
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, Buffer.from(cose)])
    const authData = this.#authData(0x01 | 0x04 | 0x40, attested)
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    )
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: this.#clientData('webauthn.create', options.challenge, this.origin).toString(
          'base64url',
        ),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
    }
  }

  /** An assertion over a challenge (from the gateway's options), as startAuthentication returns it. */
  assert(challenge: string, overrides: { origin?: string; flags?: number; counter?: number } = {}) {
    this.counter = overrides.counter ?? this.counter + 1
    const authData = this.#authData(overrides.flags ?? 0x01 | 0x04)
    const clientData = this.#clientData('webauthn.get', challenge, overrides.origin ?? this.origin)
    const signed = Buffer.concat([authData, createHash('sha256').update(clientData).digest()])
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: clientData.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: sign('sha256', signed, this.#privateKey).toString('base64url'),
      },
    }
  }
}
