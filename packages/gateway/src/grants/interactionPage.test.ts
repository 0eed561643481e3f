import { describe, expect, it } from 'vitest'
import { escapeHtml } from '../pages/escape'
import { passkeysPageScript } from '../passkeys/passkeyPage'
import type { GrantRow } from './interaction'
import { renderInteractionPage } from './interactionPage'

const grant = {
  grantId: 'grant_1',
  clientId: 'client-1',
  label: '"><script>alert(1)</script>',
  userId: "o'brien",
  providers: 'production',
  networks: ['ETHEREUM'],
  capabilities: ['evm'],
  requestedAccess: [{ type: 'connection', actions: ['wallets:read', 'evm:sign'], locations: [] }],
  finishUri: 'https://app.example.com/finish',
} as unknown as GrantRow

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    )
  })
})

describe('renderInteractionPage', () => {
  const html = renderInteractionPage({
    interaction: {
      grant,
      clientName: 'Acme <Corp>',
      offered: [{ connectionId: 'conn"1', label: '<b>Vault</b>', provider: 'local' }],
    },
    action: '/v1/grant/interact/rampart-ix-abc',
    csrfToken: 'csrf-token',
    nonce: 'nonce-1',
  })

  it('escapes everything that comes from a client or a user', () => {
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<b>Vault</b>')
    expect(html).toContain('Acme &lt;Corp&gt; asks for access')
    expect(html).toContain('value="conn&quot;1"')
    expect(html).toContain('o&#39;brien')
  })

  it('posts to itself with the CSRF token, styled by the shared stylesheet, with no inline script or style', () => {
    expect(html).toContain('<form method="post" action="/v1/grant/interact/rampart-ix-abc">')
    expect(html).toContain('<input type="hidden" name="csrf" value="csrf-token">')
    expect(html).toMatch(/<link rel="stylesheet" href="\/pages\/assets\/pages-[0-9a-f]{16}\.css">/)
    expect(html).not.toMatch(/<style|style="/)
    // One script, by URL and nonce: the gateway's own passkeys bundle (no inline script).
    expect(html.match(/<script[^>]*>[^<]*<\/script>/g)).toEqual([
      `<script defer nonce="nonce-1" src="${passkeysPageScript.path}"></script>`,
    ])
  })

  it('describes each requested action', () => {
    expect(html).toContain('See wallets')
    expect(html).toContain('<code>evm:sign</code>')
  })

  it("asks the grant's user for a proof over this grant, escaped, and only when the grant names a user", () => {
    expect(html).toContain('Prove you are o&#39;brien')
    expect(html).toContain('{&quot;grant&quot;:&quot;grant_1&quot;,&quot;iat&quot;:')
    expect(html).toContain('<textarea name="proof"')
    const anonymous = renderInteractionPage({
      interaction: { grant: { ...grant, userId: null }, clientName: 'Acme', offered: [] },
      action: '/v1/grant/interact/rampart-ix-abc',
      csrfToken: 'csrf-token',
      nonce: 'nonce-1',
    })
    expect(anonymous).not.toContain('name="proof"')
  })

  it('says, for a connection only some rights name, what it gives on that one', () => {
    const page = renderInteractionPage({
      interaction: {
        grant: {
          ...grant,
          requestedAccess: [
            { type: 'connection', actions: ['wallets:read'], locations: ['signing', 'reading'] },
            { type: 'connection', actions: ['evm:sign'], locations: ['signing'] },
          ],
        },
        clientName: 'Acme',
        offered: [
          { connectionId: 'signing', label: 'Signing', provider: 'local' },
          { connectionId: 'reading', label: 'Reading', provider: 'local' },
        ],
      },
      action: '/v1/grant/interact/rampart-ix-abc',
      csrfToken: 'csrf-token',
      nonce: 'nonce-1',
    })
    const labels = page.split('<label>').slice(1)
    expect(labels[0]).not.toContain('only:')
    expect(labels[1]).toContain('only: See wallets</span>')
  })

  it("asks the grant's user for their passkey, loading the gateway's passkeys script, the JWS proof kept", () => {
    expect(html).toContain('data-passkey="grant"')
    expect(html).toContain('<input type="hidden" name="passkey" value="">')
    expect(html).toContain(`<script defer nonce="nonce-1" src="${passkeysPageScript.path}"></script>`)
    expect(html).toContain('<textarea name="proof"')
  })
})
