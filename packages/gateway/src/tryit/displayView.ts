import type { Display, DisplayField, Resolution } from '@rampart/decoder'
import { safeHref } from '../pages/escape'
import { each, html, type SafeHtml } from '../pages/html'

/** Whom the request talks to: the contract's or protocol's name, its address and chain, its site as a safe link. */
function interactWith(display: Display): SafeHtml {
  const target = display.interactWith
  if (!target?.contractAddress && !target?.protocolName && !target?.contractName) return html``
  const url = target.info?.url
  const href = url ? safeHref(url) : undefined
  const site = url
    ? href
      ? html` · <a href="${href}" rel="noopener noreferrer">${url}</a>`
      : html` · <span class="muted">site (not a web link):</span> <code>${url}</code>`
    : ''
  return html`<p class="muted">With ${target.protocolName ?? target.contractName ?? 'a contract'}${
    target.contractAddress ? html` <code>${target.contractAddress}</code>` : ''
  }${target.contractChainId === null ? '' : ` on chain ${target.contractChainId}`}${site}</p>`
}

function fieldValue(field: DisplayField): SafeHtml {
  if (typeof field.value !== 'string') return displayBlock(field.value)
  const address = field.address && field.address !== field.value ? html` <code>${field.address}</code>` : ''
  return html`${field.value}${address}`
}

/** One ERC-7730 display: the intent sentence and each field with its label and formatted value. */
function displayBlock(display: Display): SafeHtml {
  const sentence = display.interpolatedIntent || display.intent
  return html`<div class="display">
<p><strong>${sentence || 'No intent could be shown'}</strong></p>
${interactWith(display)}
${
  display.fields.length > 0
    ? html`<dl class="fields">
${each(display.fields, (field) => html`<dt>${field.label}</dt><dd>${fieldValue(field)}${field.path ? html` <span class="muted">(<code>${field.path}</code>)</span>` : ''}</dd>`)}
</dl>`
    : ''
}
</div>`
}

/**
 * What the signer would be asked to sign, as the decoder shows it (ERC-7730): the action, the display, a decoding
 * error with its JSON Pointer, and each nested call of a batch in turn.
 */
export function resolutionView(resolution: Resolution, depth = 0): SafeHtml {
  const error = resolution.decoding?.error
  const nested = resolution.resolutions ?? []
  return html`${depth === 0 ? html`<p class="muted">Method <code>${resolution.action}</code></p>` : ''}
${displayBlock(resolution.display)}
${
  error
    ? html`<p class="error" role="alert">Not fully decoded: ${error.message} <span>(<code>${error.name}</code>${error.path ? html` at <code>${error.path}</code>` : ''})</span></p>`
    : ''
}
${each(
  nested,
  (inner, index) => html`<section class="nested" aria-label="Call ${index + 1} of ${nested.length}">
<h3>Call ${index + 1} of ${nested.length}</h3>
${resolutionView(inner, depth + 1)}
</section>`,
)}`
}
