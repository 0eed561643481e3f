// The script of the gateway's passkey pages (enrolment, approvals, grant approval), bundled with
// @simplewebauthn/browser into src/passkeys/generated/passkeysScript.ts by scripts/bundlePasskeys.ts and served
// from the gateway itself: the pages load no other script and reach no other origin.
import { startAuthentication, startRegistration } from '@simplewebauthn/browser'

/** The page's CSRF token: the approvals page's meta element, or the grant page form's hidden field. */
const csrfToken = () =>
  document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ??
  document.querySelector('form input[name="csrf"]')?.getAttribute('value') ??
  ''

async function postJson(path, body) {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken() },
    body: JSON.stringify(body),
  })
  const json = await response.json().catch(() => ({}))
  if (!response.ok) {
    const issue = json?.context?.issues?.[0]?.message
    throw new Error(
      issue ? `${json.message}: ${issue}` : (json.message ?? `The gateway answered ${response.status}`),
    )
  }
  return json
}

/** Shows a message in the page's status region (text only: never HTML). */
function say(message, isError = false) {
  const status = document.getElementById('status')
  if (!status) return
  status.textContent = message
  status.className = isError ? 'error' : 'notice'
}

function busy(button, on) {
  button.disabled = on
  button.setAttribute('aria-busy', on ? 'true' : 'false')
}

async function enrol(button) {
  const token = location.hash.slice(1)
  if (!token) return say('This enrolment link is incomplete: open the whole link you were given.', true)
  busy(button, true)
  try {
    const { options } = await postJson('/v1/passkeys/enrol/options', { token })
    const response = await startRegistration({ optionsJSON: options })
    const { approvalsUrl, message } = await postJson('/v1/passkeys/enrol', { token, response })
    history.replaceState(null, '', location.pathname)
    // A governed client's passkey waits for the quorum's approval: the gateway says so, with the proposal id.
    say(message ?? 'Your passkey is registered.')
    const link = document.getElementById('approvals-link')
    if (link && approvalsUrl) {
      link.setAttribute('href', approvalsUrl)
      link.hidden = false
    }
    button.hidden = true
  } catch (error) {
    say(`Not registered: ${error.message}`, true)
  } finally {
    busy(button, false)
  }
}

async function signIn(button) {
  const base = button.dataset.base
  busy(button, true)
  try {
    const { options } = await postJson(`${base}/session/options`, {})
    const response = await startAuthentication({ optionsJSON: options })
    await postJson(`${base}/session`, { response })
    location.reload()
  } catch (error) {
    say(`Not signed in: ${error.message}`, true)
    busy(button, false)
  }
}

async function decide(button) {
  const { base, kind, requestId, decision } = button.dataset
  const path = `${base}/requests/${encodeURIComponent(kind)}/${encodeURIComponent(requestId)}`
  let reason
  if (decision === 'reject') {
    const field = document.getElementById(button.dataset.reasonField)
    reason = field?.value.trim() ?? ''
    if (!reason) {
      field?.focus()
      return say('Say why you reject the request.', true)
    }
  }
  busy(button, true)
  try {
    const { options } = await postJson(`${path}/options`, { decision })
    const response = await startAuthentication({ optionsJSON: options })
    const { message } = await postJson(`${path}/${decision}`, { response, reason })
    sessionStorage.setItem('rampart-status', message)
    location.reload()
  } catch (error) {
    say(`Not done: ${error.message}`, true)
    busy(button, false)
  }
}

/**
 * The grant page: the user's proof is an assertion over this grant, put in the form's passkey field; the form is
 * then sent as if the button had sent it (so its decision=approve goes too).
 */
async function approveGrant(form, button) {
  busy(button, true)
  try {
    const { options } = await postJson(`${form.getAttribute('action')}/passkey-options`, {})
    const response = await startAuthentication({ optionsJSON: options })
    form.elements.namedItem('passkey').value = JSON.stringify(response)
    busy(button, false)
    form.requestSubmit(button)
  } catch (error) {
    say(`Not approved: ${error.message}`, true)
    busy(button, false)
  }
}

document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('button[data-passkey]') : null
  if (!button) return
  const action = button.dataset.passkey
  if (action === 'enrol') enrol(button)
  else if (action === 'sign-in') signIn(button)
  else if (action === 'decide') decide(button)
  else if (action === 'grant' && !button.form.elements.namedItem('passkey').value) {
    event.preventDefault()
    approveGrant(button.form, button)
  }
})

const kept = sessionStorage.getItem('rampart-status')
if (kept) {
  sessionStorage.removeItem('rampart-status')
  say(kept)
}
