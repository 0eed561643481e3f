import { each, formValue, html } from '../pages/html'
import { renderPage } from '../pages/layout'
import { passkeysPageScript } from '../passkeys/passkeyPage'
import { actionsOn } from './continueGrant'
import type { Interaction } from './interaction'
import { USER_PROOF_TYPE } from './userProof'

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
  'requests:approve': 'Approve or reject pending signing requests',
  evaluate: 'Decode and evaluate requests',
}

export type InteractionPageInput = {
  interaction: Interaction
  /** The form's target: this page's own path. */
  action: string
  csrfToken: string
  /** The response's CSP nonce. */
  nonce: string
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
function proofField(grantId: string, userId: string, now: number) {
  const payload = JSON.stringify({ grant: grantId, iat: now })
  return html`<fieldset>
<legend>Prove you are ${userId}</legend>
<p class="muted">Approve asks for your passkey.</p>
<input type="hidden" name="passkey" value="">
<details>
<summary>No passkey? Paste a signed proof instead</summary>
<p class="muted">Sign, with the key of one of your credentials, a compact JWS with <code>typ: ${USER_PROOF_TYPE}</code> over <code>${payload}</code> (<code>iat</code> is the time you sign, in seconds), and paste it here.</p>
<label>Proof <textarea name="proof" rows="4" cols="60" spellcheck="false" autocomplete="off"></textarea></label>
</details>
</fieldset>
<p id="status" role="status" aria-live="polite"></p>`
}

/** The approval page: what the client asks for, the connections to pick, approve and deny. */
export function renderInteractionPage(input: InteractionPageInput): string {
  const { grant, clientName, offered } = input.interaction
  const actions = [...new Set(grant.requestedAccess.flatMap((right) => right.actions))]
  const networks = Array.isArray(grant.networks) ? grant.networks.join(', ') : grant.networks
  const connections =
    offered.length === 0
      ? html`<p class="error">This client has no active connection you could grant access to.</p>`
      : each(offered, (connection) => {
          // When the rights name different connections, each says what it gives on this one.
          const on = actionsOn(grant.requestedAccess, connection.connectionId)
          const only =
            on.length < actions.length
              ? html` <span class="muted">only: ${on.map((action) => actionLabels[action] ?? action).join(', ')}</span>`
              : ''
          return html`<label><input type="checkbox" name="connection" value="${formValue(connection.connectionId)}"> ${connection.label ?? connection.connectionId} <span class="muted">(${connection.provider}, <code>${connection.connectionId}</code>)</span>${only}</label>`
        })
  return renderPage({
    title: 'Approve access',
    nonce: input.nonce,
    // The gateway's passkeys script, only where a user must prove themselves.
    scripts: grant.userId ? [passkeysPageScript.path] : [],
    body: html`<h1>${clientName} asks for access</h1>
<p class="muted">${grant.label ? html`Token <strong>${grant.label}</strong>` : 'An access token'}${grant.userId ? html` for user <strong>${grant.userId}</strong>` : ''}.</p>
${input.error ? html`<p class="error" role="alert">${input.error}</p>` : ''}
<p>It will be able to:</p>
<ul>
${each(actions, (action) => html`<li>${actionLabels[action] ?? action} <span class="muted">(<code>${action}</code>)</span></li>`)}
</ul>
<p class="muted">Providers: ${grant.providers} · Networks: ${networks}${grant.capabilities.length > 0 ? ` · Capabilities: ${grant.capabilities.join(', ')}` : ''}</p>
<form method="post" action="${input.action}">
<input type="hidden" name="csrf" value="${input.csrfToken}">
<fieldset>
<legend>Connections it may use</legend>
${connections}
</fieldset>
${grant.userId ? proofField(grant.grantId, grant.userId, input.now ?? Math.floor(Date.now() / 1000)) : ''}
<div class="buttons">
${grant.userId ? html`<button type="submit" name="decision" value="approve" class="approve" data-passkey="grant">Approve with passkey</button>` : html`<button type="submit" name="decision" value="approve" class="approve">Approve</button>`}
<button type="submit" name="decision" value="deny">Deny</button>
</div>
</form>`,
  })
}
