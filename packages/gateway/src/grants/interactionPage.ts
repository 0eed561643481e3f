import { passkeysScriptPath } from '../passkeys/pageHtml'
import { actionsOn } from './continueGrant'
import type { Interaction } from './interaction'
import { USER_PROOF_TYPE } from './userProof'

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

const actionLabels: Record<string, string> = {
  'connections:read': 'See the connections',
  'connections:create': 'Create connections',
  'connections:sync': 'Sync connections with the provider',
  'connections:revoke': 'Revoke connections',
  'wallets:read': 'See wallets',
  'accounts:read': 'See accounts',
  'addresses:read': 'See addresses',
  'known-destinations:read': 'See known destinations',
  'networks:read': 'See the networks catalogue',
  'assets:read': 'See the assets catalogue',
  'encryption-keys:create': 'Create transit encryption keys',
  'transfers:read': 'See transfers',
  'transfers:create': 'Create transfers',
  'evm:read': 'See EVM signing requests',
  'evm:sign': 'Send EVM transactions and sign messages and typed data',
  'raw:read': 'See raw signing requests',
  'raw:sign': 'Sign raw payloads',
  'staking:read': 'See stakes, unstakes and positions',
  'staking:stake': 'Stake',
  'staking:unstake': 'Unstake',
  'requests:approve': 'Approve pending signing requests',
  evaluate: 'Decode and evaluate requests',
}

const style = `
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1b1d21; }
  main { max-width: 36rem; margin: 2.5rem auto; background: #fff; border-radius: 10px; padding: 2rem;
    box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  h1 { font-size: 1.35rem; margin: 0 0 .25rem; }
  .muted { color: #5b6170; }
  ul { padding-left: 1.2rem; }
  fieldset { border: 1px solid #d6d9e0; border-radius: 8px; margin: 1rem 0; padding: .75rem 1rem; }
  label { display: block; padding: .25rem 0; }
  .error { background: #fde8e8; color: #8a1c1c; padding: .5rem .75rem; border-radius: 6px; }
  .buttons { display: flex; gap: .75rem; margin-top: 1.25rem; }
  button { font: inherit; padding: .55rem 1.2rem; border-radius: 6px; border: 1px solid #c4c8d0; background: #fff;
    cursor: pointer; }
  button.approve { background: #1f5eff; border-color: #1f5eff; color: #fff; }
  code { background: #f0f1f4; padding: 0 .25rem; border-radius: 4px; word-break: break-all; }
  textarea { display: block; width: 100%; box-sizing: border-box; font: 13px/1.4 ui-monospace, monospace; }
`

function page(title: string, nonce: string, body: string, csrfToken?: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
${csrfToken ? `<meta name="csrf-token" content="${escapeHtml(csrfToken)}">` : ''}
<title>${escapeHtml(title)}</title>
<style nonce="${escapeHtml(nonce)}">${style}</style>
<script src="${passkeysScriptPath}" defer></script>
</head>
<body>
<main>
${body}
<p id="status" role="status" aria-live="polite"></p>
</main>
</body>
</html>
`
}

export type InteractionPageInput = {
  interaction: Interaction
  /** The form's target: this page's own path. */
  action: string
  csrfToken: string
  styleNonce: string
  error?: string
  /** Seconds since the epoch, for the `iat` the proof asks for. */
  now?: number
}

/**
 * When the grant names a user, the approval needs that user's proof. A person gives it with their passkey: the
 * Approve button asks the browser for an assertion over this grant, which the page's script puts in the form. A
 * machine (or a user without a passkey) may instead paste a compact JWS made with one of the user's credential
 * keys; the page says what to sign. Either shows that the user, not whoever holds the link, approves.
 */
function proofField(grantId: string, userId: string, now: number): string {
  const payload = JSON.stringify({ grant: grantId, iat: now })
  return `<fieldset>
<legend>Prove you are ${escapeHtml(userId)}</legend>
<p class="muted">Approve asks for your passkey.</p>
<input type="hidden" name="passkey" value="">
<details>
<summary>No passkey? Paste a signed proof instead</summary>
<p class="muted">Sign, with the key of one of your credentials, a compact JWS with <code>typ: ${escapeHtml(USER_PROOF_TYPE)}</code> over <code>${escapeHtml(payload)}</code> (<code>iat</code> is the time you sign, in seconds), and paste it here.</p>
<label>Proof <textarea name="proof" rows="4" cols="60" spellcheck="false" autocomplete="off"></textarea></label>
</details>
</fieldset>`
}

/** The approval page: what the client asks for, the connections to pick, approve and deny. */
export function renderInteractionPage(input: InteractionPageInput): string {
  const { grant, clientName, offered } = input.interaction
  const actions = [...new Set(grant.requestedAccess.flatMap((right) => right.actions))]
  const networks = Array.isArray(grant.networks) ? grant.networks.join(', ') : grant.networks
  const connections =
    offered.length === 0
      ? '<p class="error">This client has no active connection you could grant access to.</p>'
      : offered
          .map((connection) => {
            // When the rights name different connections, each says what it gives on this one.
            const on = actionsOn(grant.requestedAccess, connection.connectionId)
            const only =
              on.length < actions.length
                ? ` <span class="muted">only: ${on.map((action) => escapeHtml(actionLabels[action] ?? action)).join(', ')}</span>`
                : ''
            return `<label><input type="checkbox" name="connection" value="${escapeHtml(connection.connectionId)}"> ${escapeHtml(connection.label ?? connection.connectionId)} <span class="muted">(${escapeHtml(connection.provider)}, <code>${escapeHtml(connection.connectionId)}</code>)</span>${only}</label>`
          })
          .join('\n')
  return page(
    'Approve access',
    input.styleNonce,
    `<h1>${escapeHtml(clientName)} asks for access</h1>
<p class="muted">${grant.label ? `Token <strong>${escapeHtml(grant.label)}</strong>` : 'An access token'}${grant.userId ? ` for user <strong>${escapeHtml(grant.userId)}</strong>` : ''}.</p>
${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
<p>It will be able to:</p>
<ul>
${actions.map((action) => `<li>${escapeHtml(actionLabels[action] ?? action)} <span class="muted">(<code>${escapeHtml(action)}</code>)</span></li>`).join('\n')}
</ul>
<p class="muted">Providers: ${escapeHtml(grant.providers)} · Networks: ${escapeHtml(networks)}${grant.capabilities.length > 0 ? ` · Capabilities: ${escapeHtml(grant.capabilities.join(', '))}` : ''}</p>
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="csrf" value="${escapeHtml(input.csrfToken)}">
<fieldset>
<legend>Connections it may use</legend>
${connections}
</fieldset>
${grant.userId ? proofField(grant.grantId, grant.userId, input.now ?? Math.floor(Date.now() / 1000)) : ''}
<div class="buttons">
<button type="submit" name="decision" value="approve" class="approve"${grant.userId ? ' data-passkey="grant"' : ''}>${grant.userId ? 'Approve with passkey' : 'Approve'}</button>
<button type="submit" name="decision" value="deny">Deny</button>
</div>
</form>`,
    input.csrfToken,
  )
}

/** A page with one message: the link is unknown, expired, already answered, or the user denied. */
export function renderMessagePage(title: string, message: string, styleNonce: string): string {
  return page(title, styleNonce, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`)
}
