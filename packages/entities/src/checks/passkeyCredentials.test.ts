import { describe, expect, it } from 'vitest'
import { applyEntityChanges } from '../applyEntityChanges'
import type { Entities } from '../generated/entities'
import { indexEntities } from '../indexEntities'
import { MutableEntityIndex } from '../mutableEntityIndex'
import { northwind } from '../testFixtures'
import { validateEntities } from '../validateEntities'

const p256 = northwind().credentials.find((credential) => credential.key.crv === 'P-256')!
const passkey = {
  id: 'amelia-passkey',
  userId: p256.userId,
  key: { ...p256.key, kid: 'amelia-passkey' },
  webauthn: { credentialId: 'cGFzc2tleS1jcmVkZW50aWFsLWlk', counter: 0, transports: ['internal'] },
}

/** Northwind with its P-256 credential turned into a passkey (the same key: a key held twice is an error). */
function withPasskey(change: (credential: Record<string, unknown>) => void = () => {}): Entities {
  const doc = northwind()
  const credential = structuredClone(passkey) as Record<string, unknown>
  change(credential)
  doc.credentials = doc.credentials.map((entry) => (entry.id === p256.id ? credential : entry)) as never
  return doc
}

const errors = (doc: unknown) =>
  validateEntities(doc)
    .issues.filter((issue) => issue.severity === 'error')
    .map(({ code, path }) => ({ code, path }))

describe('passkey credentials', () => {
  it('accepts a P-256 or Ed25519 key with a WebAuthn credential id and counter, and indexes it by that id', () => {
    const doc = withPasskey()
    expect(errors(doc)).toEqual([])
    const index = indexEntities(doc)
    expect(index.credentialByWebAuthnId(passkey.webauthn.credentialId)?.id).toBe('amelia-passkey')
    expect(index.credentialByWebAuthnId('unknown-credential-id')).toBeUndefined()
    const mutable = new MutableEntityIndex(doc)
    expect(mutable.credentialByWebAuthnId(passkey.webauthn.credentialId)?.id).toBe('amelia-passkey')
  })

  it('refuses a passkey whose key no authenticator makes, and a WebAuthn credential id held twice', () => {
    const secp = northwind().credentials.find((credential) => credential.key.crv === 'secp256k1')!
    const index = northwind().credentials.findIndex((credential) => credential.id === p256.id)
    expect(errors(withPasskey((credential) => (credential.key = { ...secp.key, kid: 'k' })))).toContainEqual({
      code: 'webauthn.unsupported-key',
      path: `/credentials/${index}/key`,
    })
    const twice = withPasskey()
    const other = twice.credentials.find((credential) => credential.id === secp.id) as unknown as Record<
      string,
      unknown
    >
    other.webauthn = { credentialId: passkey.webauthn.credentialId, counter: 3 }
    other.key = { kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo', kid: 'ed' }
    expect(errors(twice)).toContainEqual({
      code: 'duplicate-webauthn-id',
      path: expect.stringMatching(/^\/credentials\/\d+\/webauthn\/credentialId$/),
    })
  })

  it('refuses a malformed credential id or counter by the schema, at the member', () => {
    const bad = withPasskey(
      (credential) => (credential.webauthn = { credentialId: 'not base64url!', counter: -1 }),
    )
    const codes = errors(bad)
    expect(codes).toContainEqual(
      expect.objectContaining({ path: expect.stringMatching(/webauthn\/credentialId$/) }),
    )
  })

  it('refuses, in an incremental change, a passkey whose credential id another credential holds', () => {
    const index = new MutableEntityIndex(withPasskey())
    const result = applyEntityChanges(index, [
      {
        op: 'put',
        collection: 'credentials',
        entity: {
          id: 'second-passkey',
          userId: p256.userId,
          key: {
            kty: 'OKP',
            crv: 'Ed25519',
            x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo',
            kid: 'second',
          },
          webauthn: { credentialId: passkey.webauthn.credentialId, counter: 0 },
        },
      },
    ])
    expect(result.valid).toBe(false)
    if (!result.valid) expect(result.issues.map((issue) => issue.code)).toContain('duplicate-webauthn-id')
  })
})
