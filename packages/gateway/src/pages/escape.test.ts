import { describe, expect, it } from 'vitest'
import { escapeHtml, revealInvisible, safeHref } from './escape'

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    )
  })

  it('leaves a hostile token symbol as text: no tag, no attribute break-out', () => {
    const symbol = `USDC"><script>alert(1)</script><img src=x onerror=alert(2)>`
    const escaped = escapeHtml(symbol)
    expect(escaped).not.toMatch(/[<>"']/)
    expect(escaped).toBe(
      'USDC&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;',
    )
  })

  it('shows bidi overrides, isolates, marks and zero-width characters as their code points', () => {
    // "USDT" written as U+202E + "TDSU": a browser would show it reversed, as "USDT".
    expect(escapeHtml('\u202eTDSU')).toBe('⟨U+202E⟩TDSU')
    expect(revealInvisible('a\u2066b\u2069c\u200fd\u200be\ufeff\u0000')).toBe(
      'a⟨U+2066⟩b⟨U+2069⟩c⟨U+200F⟩d⟨U+200B⟩e⟨U+FEFF⟩⟨U+0000⟩',
    )
  })

  it('keeps ordinary text, newlines, tabs and non-Latin scripts as they are', () => {
    expect(escapeHtml('Trésor 金庫 خزينة\n\tok')).toBe('Trésor 金庫 خزينة\n\tok')
  })
})

describe('safeHref', () => {
  it('allows paths on this origin and http(s) URLs', () => {
    expect(safeHref('/try')).toBe('/try')
    expect(safeHref('https://etherscan.io/tx/0x1')).toBe('https://etherscan.io/tx/0x1')
  })

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/x',
    '/\\evil.example',
    'https://\u202eevil.example',
    'not a url',
  ])('refuses %j', (value) => {
    expect(safeHref(value)).toBeUndefined()
  })
})
