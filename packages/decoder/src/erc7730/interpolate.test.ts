import { describe, expect, it } from 'vitest'
import { interpolate } from './interpolate'

const values = new Map([
  ['amount', '1 USDC'],
  ['to', 'alice.eth'],
  ['@.value', '0.1 ETH'],
  ['recipients.[0]', 'bob.eth'],
])

describe('interpolate', () => {
  it('fills placeholders, with or without the #. root, and keeps escaped braces', () => {
    expect(interpolate('Send {amount} to {#.to} with {@.value}', values)).toEqual({
      ok: true,
      text: 'Send 1 USDC to alice.eth with 0.1 ETH',
    })
    expect(interpolate('Run {{fn}} for {amount}', values)).toEqual({ ok: true, text: 'Run {fn} for 1 USDC' })
    expect(interpolate('First {recipients[0]}', values)).toEqual({ ok: true, text: 'First bob.eth' })
  })

  it('fails instead of showing a partial sentence', () => {
    expect(interpolate('Send {amount} to {nobody}', values)).toEqual({
      ok: false,
      message: 'no displayed value for {nobody}',
    })
    expect(interpolate('Send {amount', values)).toEqual({ ok: false, message: 'unclosed placeholder' })
  })
})
