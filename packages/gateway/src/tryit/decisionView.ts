import type { ApprovalState, Decision } from '@rampart/evaluator'
import { each, html, type SafeHtml } from '../pages/html'
import type { TryItResult } from './runTryIt'

const verdicts = {
  Permit: { label: 'Permit', tone: 'permit', meaning: 'It would be signed.' },
  Confirm: { label: 'Needs approvals', tone: 'pending', meaning: 'It would wait for the approvals below.' },
  Forbid: { label: 'Forbid', tone: 'forbid', meaning: 'It would be refused.' },
} as const

function approvalLine(state: ApprovalState): SafeHtml {
  const who = `${state.approvalEntityType} ${state.entityIds.join(', ')}`
  return html`<li>${state.approvalCount} of ${who} <span class="muted">(policy <code>${state.policyId}</code>${
    state.approvedBy.length > 0 ? `, approved by ${state.approvedBy.join(', ')}` : ''
  }${state.missing > 0 ? `, ${state.missing} missing` : ''})</span></li>`
}

function approvalsView(approvals: Decision['approvals']): SafeHtml {
  if (approvals.required.length === 0) return html``
  return html`<h3>Approvals</h3>
<ul>
${each(approvals.required, approvalLine)}
</ul>`
}

function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2)
}

/**
 * The decision as a policy author reads it: permit, needs approvals or forbid; the reason with its code and, for an
 * invalid or undecodable request, each error at its JSON Pointer; the deciding policy and every matching one; the
 * criteria that held; the approvals; and the evaluation request the policies saw.
 */
export function decisionView(result: TryItResult): SafeHtml {
  const { decision } = result
  const verdict = verdicts[decision.decision]
  const errors = decision.reason.errors ?? []
  return html`<p><span class="verdict ${verdict.tone}">${verdict.label}</span> ${verdict.meaning}</p>
<dl class="fields">
<dt>Reason</dt><dd><code>${decision.reason.code}</code> ${decision.reason.message}</dd>
<dt>Deciding policy</dt><dd>${decision.decidingPolicy ? html`<code>${decision.decidingPolicy}</code>` : html`<span class="muted">none</span>`}</dd>
<dt>Matched policies</dt><dd>${decision.matchedPolicies.length > 0 ? each(decision.matchedPolicies, (id) => html`<code>${id}</code> `) : html`<span class="muted">none</span>`}</dd>
<dt>Principal</dt><dd><code>${result.principal}</code></dd>
<dt>Decided with</dt><dd>${result.entitiesFrom === 'pasted' ? 'pasted' : "the client's"} entities, ${result.policiesFrom === 'pasted' ? 'pasted' : "the client's"} policies</dd>
</dl>
${
  errors.length > 0
    ? html`<h3>Errors</h3>
<ul>
${each(errors, (error) => html`<li><code>${error.path || '/'}</code> ${error.message}</li>`)}
</ul>`
    : ''
}
${
  decision.heldCriteria && decision.heldCriteria.length > 0
    ? html`<h3>Criteria that held</h3>
<pre>${pretty(decision.heldCriteria)}</pre>`
    : ''
}
${approvalsView(decision.approvals)}
<details>
<summary>The evaluation request the policies saw</summary>
<pre>${pretty(result.request)}</pre>
</details>`
}
