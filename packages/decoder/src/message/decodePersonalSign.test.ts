import { readFileSync } from 'node:fs'
import { hexToString, stringToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeRequest } from '../decodeRequest'
import { limits } from '../limits'

// A Sign-In with Ethereum message signed by its account (login.xyz), as fixtures/requests holds it.
const { request } = JSON.parse(
  readFileSync(new URL('../../../../fixtures/requests/personal-sign-siwe.json', import.meta.url), 'utf8'),
)
const [messageHex, signer] = request.params as [`0x${string}`, string]
const siwe = hexToString(messageHex)
const sign = (text: string) => decodeRequest({ method: 'personal_sign', params: [stringToHex(text), signer] })
const shown = (text: string) => {
  const { display } = sign(text)
  return [display.interpolatedIntent, ...display.fields.map((field) => JSON.stringify(field.value))].join(
    '\n',
  )
}

describe('decodePersonalSign', () => {
  it('reads a Sign-In with Ethereum message into its fields', () => {
    expect(sign(siwe).intent).toMatchObject({ type: 'signIn', chainId: 1, siwe: { domain: 'login.xyz' } })
    // Without a statement, the blank line before URI: is written once (viem) or twice (EIP-4361's grammar).
    const bare = siwe.replace('Sign-In With Ethereum Example Statement\n\n', '')
    expect(sign(bare).intent.type).toBe('signIn')
    expect(sign(bare.replace('\n\nURI:', '\n\n\nURI:')).intent.type).toBe('signIn')
    expect(
      sign(`${siwe}\nResources:\n- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq`)
        .intent,
    ).toMatchObject({ type: 'signIn', siwe: { resources: expect.stringContaining('ipfs://') } })
  })

  it('reads text around a sign-in as the message it is, shown whole, not as the sign-in it contains', () => {
    // The fields alone would show a plain sign-in to login.xyz, and hide what else the signature agrees to.
    const hidden = 'I transfer all my Bored Apes to 0x5bdbd6e977d40a2fbebad8d8654556582a6df854.'
    for (const text of [
      siwe.replace('\n\nURI:', `\n\n${hidden}\n\nURI:`),
      `${siwe}\n\n${hidden}`,
      siwe.replace('\nExpiration Time:', `\n${hidden}\nExpiration Time:`),
    ]) {
      const { intent } = sign(text)
      expect(intent).toMatchObject({ type: 'signMessage', chainId: 0, message: text })
      expect(intent.siwe).toBeUndefined()
      expect(shown(text)).toContain(hidden)
    }
  })

  it('refuses a message over the size bound by its length, before reading it whole', () => {
    // 50 MB of hex overflowed the stack of the hex pattern (internalError); 50 MB of text was converted to
    // 100 MB of hex, and over a gigabyte of heap, before the bound was checked.
    for (const message of [`0x${'ab'.repeat(25_000_000)}`, 'a'.repeat(limits.maxMessageBytes + 1)]) {
      const { error } = decodeRequest({ method: 'personal_sign', params: [message, signer] }).decoding
      expect(error).toMatchObject({ name: 'sizeLimitExceeded', path: '/params/0' })
    }
    // Each UTF-8 character takes at least one byte: a text of the bound in characters may still pass it in bytes.
    const wide = '\u00e9'.repeat(limits.maxMessageBytes / 2 + 1)
    expect(decodeRequest({ method: 'personal_sign', params: [wide, signer] }).decoding.error?.name).toBe(
      'sizeLimitExceeded',
    )
    expect(sign('a'.repeat(limits.maxMessageBytes)).decoding.error).toBeNull()
  })
})
