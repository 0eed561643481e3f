import { each, formValue, html, type SafeHtml } from '../pages/html'
import { renderPage } from '../pages/layout'
import { decisionView } from './decisionView'
import { resolutionView } from './displayView'
import type { RequestFixture } from './requestFixtures'
import type { TryItResult } from './runTryIt'
import type { FieldIssue, TryItFields } from './tryItForm'

export const tryItPath = '/try'

const fieldLabels: Record<keyof TryItFields, string> = {
  clientId: 'Client',
  fixture: 'Example',
  request: 'JSON-RPC request',
  principal: 'Signing credential',
  entities: 'Entities',
  policies: 'Policies',
}

function csrfInput(csrf: string): SafeHtml {
  return html`<input type="hidden" name="csrf" value="${csrf}">`
}

/** The sign-in form: the gateway's admin API key opens a 30-minute session of the try-it page. */
export function renderSignIn(input: { csrf: string; nonce: string; error?: string }): string {
  return renderPage({
    title: 'Try a request · sign in',
    nonce: input.nonce,
    body: html`<h1>Try a request against a client's policies</h1>
<p class="muted">For policy authors: decode a request and see how the policies decide it. Nothing is signed or recorded.</p>
${input.error ? html`<p class="error" role="alert">${input.error}</p>` : ''}
<form method="post" action="${tryItPath}/sign-in">
${csrfInput(input.csrf)}
<label for="adminKey">Admin API key</label>
<input type="password" id="adminKey" name="adminKey" autocomplete="current-password" required>
<div class="buttons"><button type="submit" class="primary">Sign in</button></div>
</form>`,
  })
}

export type TryItPageInput = {
  csrf: string
  nonce: string
  fields: TryItFields
  clients: readonly { clientId: string; name: string }[]
  fixtures: readonly RequestFixture[]
  issues?: readonly FieldIssue[]
  result?: TryItResult
}

function issuesView(issues: readonly FieldIssue[]): SafeHtml {
  return html`<div class="error" role="alert"><p><strong>Not tried:</strong></p><ul>
${each(issues, (issue) => html`<li>${fieldLabels[issue.field]}${issue.where ? html` at <code>${issue.where}</code>` : ''}: ${issue.message}</li>`)}
</ul></div>`
}

function formView(input: TryItPageInput): SafeHtml {
  const { fields } = input
  return html`<h2>${input.result ? 'Try another' : 'The request'}</h2>
<form method="post" action="${tryItPath}">
${csrfInput(input.csrf)}
<label for="clientId">Client</label>
<select id="clientId" name="clientId" required>
${each(input.clients, (client) => html`<option value="${formValue(client.clientId)}"${client.clientId === fields.clientId ? html` selected` : ''}>${client.name} (${client.clientId})</option>`)}
</select>
${
  input.fixtures.length > 0
    ? html`<label for="fixture">Example request</label>
<select id="fixture" name="fixture">
<option value="">—</option>
${each(input.fixtures, (fixture) => html`<option value="${formValue(fixture.name)}"${fixture.name === fields.fixture ? html` selected` : ''}>${fixture.name}: ${fixture.description}</option>`)}
</select>
<div class="buttons"><button type="submit" name="action" value="load" formnovalidate>Load the example</button></div>`
    : ''
}
<label for="request">JSON-RPC request</label>
<textarea id="request" name="request" rows="10" spellcheck="false" required>${formValue(fields.request)}</textarea>
<label for="principal">Signing credential <span class="muted">(the principal; the first credential of the entities when left empty)</span></label>
<input type="text" id="principal" name="principal" value="${formValue(fields.principal)}" autocomplete="off" spellcheck="false">
<details${fields.entities || fields.policies ? html` open` : ''}>
<summary>Try other entities or policies than the client's</summary>
<label for="entities">Entities <span class="muted">(a full Entities document; empty: the client's)</span></label>
<textarea id="entities" name="entities" rows="6" spellcheck="false">${formValue(fields.entities)}</textarea>
<label for="policies">Policies <span class="muted">(an array of policies; empty: the client's)</span></label>
<textarea id="policies" name="policies" rows="6" spellcheck="false">${formValue(fields.policies)}</textarea>
</details>
<div class="buttons"><button type="submit" name="action" value="try" class="primary">Try it</button></div>
</form>`
}

function resultView(result: TryItResult): SafeHtml {
  return html`<div class="columns" id="result">
<section aria-labelledby="display-heading">
<h2 id="display-heading">What would be signed</h2>
${resolutionView(result.resolution)}
</section>
<section aria-labelledby="decision-heading">
<h2 id="decision-heading">Decision</h2>
${decisionView(result)}
</section>
</div>`
}

/** The try-it page: the form, and after a try its problems or the display and the decision side by side. */
export function renderTryIt(input: TryItPageInput): string {
  return renderPage({
    title: 'Try a request',
    nonce: input.nonce,
    wide: true,
    body: html`<h1>Try a request against a client's policies</h1>
<p class="muted">Decoded and decided as POST /evaluate would; nothing is signed or recorded.</p>
<form method="post" action="${tryItPath}/sign-out">${csrfInput(input.csrf)}<button type="submit">Sign out</button></form>
${input.issues && input.issues.length > 0 ? issuesView(input.issues) : ''}
${input.result ? resultView(input.result) : ''}
${formView(input)}`,
  })
}
