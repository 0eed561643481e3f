import { each, formValue, html, type SafeHtml } from '../pages/html'
import { renderPasskeyPage } from '../passkeys/passkeyPage'
import type { DisplayView, RequestView, RequirementView } from './requestView'

const entityTypeNames: Record<string, string> = { user: 'user', userGroup: 'group', userRole: 'role' }

// Every value below comes from a request or the client's entities: the `html` template escapes it and shows its
// invisible and direction-changing characters, so a hostile token name stays text and cannot turn a value around.
function displayHtml(display: DisplayView): SafeHtml {
  const fields = each(
    display.fields,
    (field) =>
      html`<dt>${field.label}</dt><dd>${
        field.nested
          ? html`<div class="nested">${displayHtml(field.nested)}</div>`
          : html`${field.value}${field.address && field.address !== field.value ? html` <code>${field.address}</code>` : ''}`
      }</dd>`,
  )
  const calls = each(
    display.calls,
    (call, index) =>
      html`<div class="nested"><p class="muted">Call ${index + 1}</p>${displayHtml(call)}</div>`,
  )
  return html`<p><strong>${display.intent || 'No intent could be read from this request'}</strong></p>${display.fields.length > 0 ? html`<dl class="fields">${fields}</dl>` : ''}${calls}`
}

function requirementHtml(requirement: RequirementView): SafeHtml {
  const type = entityTypeNames[requirement.entityType] ?? requirement.entityType
  const given = requirement.approvedBy.length > 0 ? requirement.approvedBy.join(', ') : 'nobody yet'
  return html`<li>${requirement.required} of ${type} ${requirement.entityIds.join(', ')} (policy <code>${requirement.policyId}</code>): approved by ${given}; <strong>${requirement.missing} missing</strong></li>`
}

function requestHtml(view: RequestView, base: string, index: number): SafeHtml {
  const reasonId = `reason-${index}`
  // What the script posts back goes through formValue: escaped, but exactly the request's kind and id.
  const data = html`data-base="${formValue(base)}" data-kind="${formValue(view.kind)}" data-request-id="${formValue(view.requestId)}"`
  return html`<article aria-labelledby="request-${index}">
<h2 id="request-${index}">${view.kind} <code>${view.requestId}</code></h2>
${view.display ? displayHtml(view.display) : html`<p class="muted">This request has no decoded display.</p>`}
<h3>Decision</h3>
<p>${view.decision}${view.decidingPolicy ? html` by policy <code>${view.decidingPolicy}</code>` : ''}</p>
${view.heldCriteria.length > 0 ? html`<p class="muted">Criteria that held:</p><ul>${view.heldCriteria.map((criterion) => html`<li><code>${criterion}</code></li>`)}</ul>` : ''}
${view.missing.length > 0 ? html`<p class="muted">Approvals still needed:</p><ul>${view.missing.map(requirementHtml)}</ul>` : ''}
<h3>History</h3>
<ul>
<li>${view.createdAt.toISOString()}: asked by <code>${view.principal}</code></li>
${each(view.approvals, (approval) => html`<li>${approval.approvedAt}: approved by ${approval.userId} <span class="muted">(${approval.credentialId})</span></li>`)}
</ul>
<label for="${reasonId}">Reason, if you reject</label>
<textarea id="${reasonId}" rows="2" maxlength="500"></textarea>
<div class="buttons">
<button type="button" class="approve" data-passkey="decide" data-decision="approve" ${data}>Approve with passkey</button>
<button type="button" class="reject" data-passkey="decide" data-decision="reject" data-reason-field="${reasonId}" ${data}>Reject</button>
</div>
</article>`
}

/** The approvals page of a signed-in approver: the client's requests waiting for approval, newest first. */
export function renderApprovalsPage(input: {
  clientName: string
  userId: string
  base: string
  requests: RequestView[]
  nonce: string
  csrfToken: string
}): string {
  const list =
    input.requests.length === 0
      ? html`<p class="notice">No request is waiting for approval.</p>`
      : each(input.requests, (view, index) => requestHtml(view, input.base, index))
  return renderPasskeyPage({
    title: 'Approvals',
    nonce: input.nonce,
    csrfToken: input.csrfToken,
    body: html`<h1>Requests waiting for approval</h1>
<p class="muted">${input.clientName} · signed in as <strong>${input.userId}</strong></p>
${list}`,
  })
}

/** The sign-in page: one button that asks for a passkey of the organization. */
export function renderSignInPage(input: { clientName: string; base: string; nonce: string }): string {
  return renderPasskeyPage({
    title: 'Sign in to approve',
    nonce: input.nonce,
    body: html`<h1>Sign in to approve</h1>
<p class="muted">${input.clientName}: sign in with your passkey to see the requests waiting for your approval.</p>
<div class="buttons"><button type="button" class="approve" data-passkey="sign-in" data-base="${input.base}">Sign in with a passkey</button></div>`,
  })
}
