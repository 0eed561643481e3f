import { html, type SafeHtml } from '../pages/html'
import { renderPage } from '../pages/layout'
import { pageScript } from '../pages/pageAssets'
import { passkeysScript } from './generated/passkeysScript'

/**
 * The one script of the passkey pages (enrolment, approvals, the grant page's passkey proof): @simplewebauthn/browser
 * and the pages' handlers, bundled at build time and served as a page asset from the gateway itself (no CDN).
 */
export const passkeysPageScript = pageScript('passkeys', passkeysScript)

/**
 * A page that runs a passkey ceremony: the shared layout with the passkeys script (allowed by the response's nonce)
 * and the live region the script reports in (text only). A page whose script posts with `fetch` gives its CSRF token.
 */
export function renderPasskeyPage(input: {
  title: string
  nonce: string
  body: SafeHtml
  csrfToken?: string
}): string {
  return renderPage({
    title: input.title,
    nonce: input.nonce,
    scripts: [passkeysPageScript.path],
    ...(input.csrfToken === undefined ? {} : { csrfToken: input.csrfToken }),
    body: html`${input.body}
<p id="status" role="status" aria-live="polite"></p>`,
  })
}
