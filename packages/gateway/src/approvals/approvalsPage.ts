import { escapeText, passkeyPage } from '../passkeys/pageHtml'
import type { DisplayView, RequestView, RequirementView } from './requestView'

const entityTypeNames: Record<string, string> = { user: 'user', userGroup: 'group', userRole: 'role' }

function displayHtml(display: DisplayView): string {
  const fields = display.fields
    .map(
      (field) =>
        `<dt>${escapeText(field.label)}</dt><dd>${
          field.nested
            ? `<div class="nested">${displayHtml(field.nested)}</div>`
            : `${escapeText(field.value)}${field.address && field.address !== field.value ? ` <code>${escapeText(field.address)}</code>` : ''}`
        }</dd>`,
    )
    .join('')
  const calls = display.calls
    .map(
      (call, index) => `<div class="nested"><p class="muted">Call ${index + 1}</p>${displayHtml(call)}</div>`,
    )
    .join('')
  return `<p><strong>${escapeText(display.intent || 'No intent could be read from this request')}</strong></p>${fields ? `<dl>${fields}</dl>` : ''}${calls}`
}

function requirementHtml(requirement: RequirementView): string {
  const who = `${requirement.required} of ${entityTypeNames[requirement.entityType] ?? requirement.entityType} ${requirement.entityIds.map(escapeText).join(', ')}`
  const given =
    requirement.approvedBy.length > 0 ? requirement.approvedBy.map(escapeText).join(', ') : 'nobody yet'
  return `<li>${who} (policy <code>${escapeText(requirement.policyId)}</code>): approved by ${given}; <strong>${requirement.missing} missing</strong></li>`
}

function requestHtml(view: RequestView, base: string, index: number): string {
  const reasonId = `reason-${index}`
  const data = `data-base="${escapeText(base)}" data-kind="${escapeText(view.kind)}" data-request-id="${escapeText(view.requestId)}"`
  const history = [
    `<li>${escapeText(view.createdAt.toISOString())}: asked by <code>${escapeText(view.principal)}</code></li>`,
    ...view.approvals.map(
      (approval) =>
        `<li>${escapeText(approval.approvedAt)}: approved by ${escapeText(approval.userId)} <span class="muted">(${escapeText(approval.credentialId)})</span></li>`,
    ),
  ].join('')
  return `<article aria-labelledby="request-${index}">
<h2 id="request-${index}">${escapeText(view.kind)} <code>${escapeText(view.requestId)}</code></h2>
${view.display ? displayHtml(view.display) : '<p class="muted">This request has no decoded display.</p>'}
<h3>Decision</h3>
<p>${escapeText(view.decision)}${view.decidingPolicy ? ` by policy <code>${escapeText(view.decidingPolicy)}</code>` : ''}</p>
${view.heldCriteria.length > 0 ? `<p class="muted">Criteria that held:</p><ul>${view.heldCriteria.map((criterion) => `<li><code>${escapeText(criterion)}</code></li>`).join('')}</ul>` : ''}
${view.missing.length > 0 ? `<p class="muted">Approvals still needed:</p><ul>${view.missing.map(requirementHtml).join('')}</ul>` : ''}
<h3>History</h3>
<ul class="history">${history}</ul>
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
      ? '<p class="notice">No request is waiting for approval.</p>'
      : input.requests.map((view, index) => requestHtml(view, input.base, index)).join('\n')
  return passkeyPage({
    title: 'Approvals',
    nonce: input.nonce,
    csrfToken: input.csrfToken,
    body: `<h1>Requests waiting for approval</h1>
<p class="muted">${escapeText(input.clientName)} · signed in as <strong>${escapeText(input.userId)}</strong></p>
${list}`,
  })
}

/** The sign-in page: one button that asks for a passkey of the organization. */
export function renderSignInPage(input: { clientName: string; base: string; nonce: string }): string {
  return passkeyPage({
    title: 'Sign in to approve',
    nonce: input.nonce,
    body: `<h1>Sign in to approve</h1>
<p class="muted">${escapeText(input.clientName)}: sign in with your passkey to see the requests waiting for your approval.</p>
<div class="buttons"><button type="button" class="approve" data-passkey="sign-in" data-base="${escapeText(input.base)}">Sign in with a passkey</button></div>`,
  })
}
