import { describe, expect, it } from 'vitest'
import { each, formValue, html, type SafeHtml } from './html'

describe('html', () => {
  it('escapes every interpolated value, in text and in attributes', () => {
    const name = `"><script>alert(1)</script>`
    expect(html`<p title="${name}">${name}</p>`.markup).toBe(
      '<p title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    )
  })

  it('nests markup it made without escaping it twice, and renders lists and empty values', () => {
    const inner = html`<b>${'a&b'}</b>`
    expect(html`<p>${inner}${[html`<i>1</i>`, '<2>']}${null}${undefined}${false}${0}</p>`.markup).toBe(
      '<p><b>a&amp;b</b><i>1</i>&lt;2&gt;0</p>',
    )
  })

  it('does not take an object that merely looks like markup as markup', () => {
    const forged = { markup: '<script>alert(1)</script>' } as unknown as SafeHtml
    expect(html`${forged}`.markup).toBe('[object Object]')
  })

  it('each renders one item per value', () => {
    expect(each(['x', '<y>'], (value, index) => html`<li>${index}:${value}</li>`).markup).toBe(
      '<li>0:x</li>\n<li>1:&lt;y&gt;</li>',
    )
  })
})

describe('formValue', () => {
  it('escapes a value a form sends back but keeps its invisible characters, so it round-trips exactly', () => {
    const value = '"><script>x</script>\u202eabc'
    expect(html`<input value="${formValue(value)}">`.markup).toBe(
      '<input value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;\u202eabc">',
    )
    expect(html`<p>${value}</p>`.markup).toContain('⟨U+202E⟩abc')
  })
})
