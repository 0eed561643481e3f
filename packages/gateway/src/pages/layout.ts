import { html, type SafeHtml } from './html'
import { stylesheet } from './pageAssets'

export type PageInput = {
  title: string
  /** This response's CSP nonce (see `newNonce`), put on every script the page loads. */
  nonce: string
  body: SafeHtml
  /** Paths of same-origin scripts (page assets) the page loads, deferred. */
  scripts?: readonly string[]
  /** A wider main column, for pages that show two things side by side. */
  wide?: boolean
  /**
   * The CSRF token of a page whose script posts with `fetch` (no form to carry it): put in a
   * `<meta name="csrf-token">`, which the script sends back in the `X-CSRF-Token` header.
   */
  csrfToken?: string
}

/**
 * The frame of every gateway page: a language, a viewport that fits a phone, the shared stylesheet from this
 * origin, an empty icon (browsers would otherwise fetch /favicon.ico, which the gateway does not serve) and one
 * `<main>` landmark. No inline script or style: the CSP allows only this origin's files and the
 * scripts carrying the response's nonce.
 */
export function renderPage(input: PageInput): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
${input.csrfToken === undefined ? '' : html`<meta name="csrf-token" content="${input.csrfToken}">\n`}<title>${input.title}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${stylesheet.path}">
${(input.scripts ?? []).map((path) => html`<script defer nonce="${input.nonce}" src="${path}"></script>\n`)}</head>
<body>
<main${input.wide ? html` class="wide"` : ''}>
${input.body}
</main>
</body>
</html>
`.markup
}

/** A page with one message: a heading and a sentence. */
export function renderMessagePage(title: string, message: string, nonce: string): string {
  return renderPage({ title, nonce, body: html`<h1>${title}</h1>\n<p>${message}</p>` })
}
