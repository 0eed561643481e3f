import { describe, expect, it } from 'vitest'
import { passkeysPageScript } from '../passkeys/passkeyPage'
import { renderApprovalsPage } from './approvalsPage'
import type { RequestView } from './requestView'

const hostile = '<script>alert(1)</script>'
const view: RequestView = {
  kind: 'evm.sendTransaction',
  requestId: `req"><img src=x onerror=alert(1)>`,
  status: 'pending_approval',
  principal: `alice${hostile}`,
  createdAt: new Date('2026-01-02T03:04:05Z'),
  display: {
    intent: `Send 1 ${hostile} to javascript:alert(1)`,
    fields: [
      { label: 'Amount', value: '1 \u202EDSU<b>', address: '0x1111111111111111111111111111111111111111' },
      {
        label: 'Call',
        value: '',
        nested: { intent: `Approve <a href="javascript:alert(1)">x</a>`, fields: [], calls: [] },
      },
    ],
    calls: [{ intent: 'Inner \u2066call\u2069', fields: [{ label: 'To', value: 'treasury' }], calls: [] }],
  },
  decision: 'Confirm',
  decidingPolicy: 'big<b>',
  heldCriteria: ['checkAction ["signTransaction"]'],
  required: [],
  missing: [
    {
      policyId: 'p',
      entityType: 'userGroup',
      entityIds: ['approvers'],
      required: 2,
      approvedBy: ['bob<i>'],
      missing: 1,
    },
  ],
  approvals: [{ userId: 'bob<i>', credentialId: 'passkey-1', approvedAt: '2026-01-02T03:05:00Z' }],
}

describe('the approvals page', () => {
  const html = renderApprovalsPage({
    clientName: `Acme ${hostile}`,
    userId: 'bob',
    base: '/v1/approvals/acme',
    requests: [view],
    nonce: 'n0nce',
    csrfToken: 'csrf"token',
  })

  it('renders every value from a request as inert text: no markup, no javascript: link, bidi controls shown', () => {
    const body = html.slice(html.indexOf('<main'))
    expect(body).not.toMatch(/<script|<img|<a |<b>|<i>/)
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(body).toContain('&lt;a href=&quot;javascript:alert(1)&quot;&gt;')
    expect(body).toContain('1 ⟨U+202E⟩DSU&lt;b&gt;')
    expect(body).toContain('Inner ⟨U+2066⟩call⟨U+2069⟩')
    expect(body).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/)
    expect(body).toContain('data-request-id="req&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"')
  })

  it('shows the intent, fields, nested calls, the decision, missing approvals and history', () => {
    expect(html).toContain('Approvals still needed')
    expect(html).toContain('2 of group approvers')
    expect(html).toContain('<strong>1 missing</strong>')
    expect(html).toContain('Call 1')
    expect(html).toContain('<dt>To</dt><dd>treasury</dd>')
    expect(html).toContain('asked by <code>alice&lt;script&gt;')
    expect(html).toContain('approved by bob&lt;i&gt;')
  })

  it('loads only the gateway passkeys script under the nonce, no inline style, and carries the CSRF token escaped', () => {
    expect(html.match(/<script[^>]*>/g)).toEqual([
      `<script defer nonce="n0nce" src="${passkeysPageScript.path}">`,
    ])
    expect(passkeysPageScript.path).toMatch(/^\/pages\/assets\/passkeys-[0-9a-f]{16}\.js$/)
    expect(html).not.toMatch(/<style|style=/)
    expect(html).toContain('<meta name="csrf-token" content="csrf&quot;token">')
    expect(html).toContain('<p id="status" role="status" aria-live="polite"></p>')
  })
})
