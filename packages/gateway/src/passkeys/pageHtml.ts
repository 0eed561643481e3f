import { randomBytes } from 'node:crypto'
import type { FastifyReply } from 'fastify'

/** Characters that reorder the text around them (bidi embeddings, overrides, isolates, marks). */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/**
 * Text from a request, for HTML element content and double-quoted attributes: markup escaped, and every bidi
 * control shown as its code point (U+202E), so a hostile token name cannot turn an address or amount around.
 */
export function escapeText(value: unknown): string {
  return String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
    .replace(BIDI_CONTROLS, (char) => `[U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}]`)
}

/** Where the pages' one script is served: same origin, bundled at build time (no CDN). */
export const passkeysScriptPath = '/v1/passkeys/passkeys.js'

const style = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1b1d21; }
  main { max-width: 46rem; margin: 1.5rem auto; background: #fff; border-radius: 10px; padding: 1.25rem 1.5rem;
    box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  h1 { font-size: 1.4rem; margin: 0 0 .5rem; } h2 { font-size: 1.15rem; margin: 0 0 .25rem; }
  .muted { color: #4a5060; }
  .error { background: #fde8e8; color: #7a1414; padding: .5rem .75rem; border-radius: 6px; }
  .notice { background: #e6f4ea; color: #14532d; padding: .5rem .75rem; border-radius: 6px; }
  article { border: 1px solid #c9ced8; border-radius: 8px; padding: 1rem; margin: 1rem 0; }
  dl { display: grid; grid-template-columns: minmax(7rem, max-content) 1fr; gap: .2rem .9rem; margin: .5rem 0; }
  dt { color: #4a5060; } dd { margin: 0; overflow-wrap: anywhere; }
  .nested { border-left: 3px solid #c9ced8; padding-left: .75rem; margin: .5rem 0; }
  button { font: inherit; padding: .6rem 1.2rem; border-radius: 6px; border: 1px solid #8a909c; background: #fff;
    color: #1b1d21; cursor: pointer; min-height: 44px; }
  button:focus-visible, a:focus-visible, textarea:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
  button.approve { background: #1d4ed8; border-color: #1d4ed8; color: #fff; }
  button.reject { border-color: #b91c1c; color: #b91c1c; }
  button[disabled] { opacity: .6; cursor: progress; }
  .buttons { display: flex; flex-wrap: wrap; gap: .75rem; margin-top: .75rem; align-items: flex-end; }
  label { display: block; } textarea { font: inherit; width: 100%; box-sizing: border-box; }
  code { background: #eef0f3; padding: 0 .25rem; border-radius: 4px; overflow-wrap: anywhere; }
  ul.history { padding-left: 1.1rem; margin: .25rem 0; }
  @media (max-width: 480px) { main { margin: 0; border-radius: 0; } dl { grid-template-columns: 1fr; } }
`

/** A whole page: its style under a nonce, the bundled passkeys script, and the CSRF token its script posts back. */
export function passkeyPage(input: {
  title: string
  body: string
  nonce: string
  csrfToken?: string
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
${input.csrfToken ? `<meta name="csrf-token" content="${escapeText(input.csrfToken)}">` : ''}
<title>${escapeText(input.title)}</title>
<link rel="icon" href="data:,">
<style nonce="${escapeText(input.nonce)}">${style}</style>
<script src="${passkeysScriptPath}" defer></script>
</head>
<body>
<main>
${input.body}
<p id="status" role="status" aria-live="polite"></p>
</main>
</body>
</html>
`
}

export const newNonce = () => randomBytes(16).toString('base64url')

/**
 * Sends a passkey page: no caching, no framing, no referrer elsewhere, and a CSP that runs only the gateway's own
 * script, the page's nonce'd style, fetches to the gateway, and forms posted to it.
 */
export function sendPage(
  reply: FastifyReply,
  status: number,
  html: string,
  nonce: string,
  formAction = "'self'",
) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin')
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'nonce-${nonce}'; img-src 'self' data:; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    )
    .send(html)
}
