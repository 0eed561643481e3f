import { createHash, randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import { signedInject, type TestClient, type TestGateway } from './support/testGateway'

/** The interaction hash as a client computes it on its own (RFC 9635 §4.2.3), to check the gateway's. */
export function expectedHash(parts: string[], algorithm = 'sha256'): string {
  return createHash(algorithm).update(parts.join('\n')).digest('base64url')
}

export const finishUri = 'https://app.example.com/gnap/finish?session=42'

export function grantBody(client: TestClient, overrides: Record<string, unknown> = {}) {
  return {
    client: client.clientId,
    access_token: {
      label: 'Treasury bot',
      access: [{ type: 'connection', actions: ['wallets:read', 'accounts:read'] }],
    },
    interact: {
      start: ['redirect'],
      finish: { method: 'redirect', uri: finishUri, nonce: `client-nonce-${randomUUID()}` },
    },
    capabilities: ['evm'],
    ...overrides,
  }
}

export type GrantStarted = {
  body: ReturnType<typeof grantBody>
  redirect: string
  serverNonce: string
  continuation: string
  /** The path of the redirect page (inject takes paths). */
  pagePath: string
}

export async function startGrant(
  gateway: TestGateway,
  client: TestClient,
  overrides: Record<string, unknown> = {},
): Promise<GrantStarted> {
  const body = grantBody(client, overrides)
  const response = await signedInject(gateway, client, { method: 'POST', url: '/v1/grant', body })
  expect(response.statusCode, response.body).toBe(201)
  const json = response.json()
  return {
    body,
    redirect: json.interact.redirect,
    serverNonce: json.interact.finish,
    continuation: json.continue.access_token.value,
    pagePath: new URL(json.interact.redirect).pathname,
  }
}

/**
 * Opens the approval page as a browser would: the HTML, its CSRF token, the cookie that goes with it, and both as
 * the `form` fields a submit from that page carries.
 */
export async function openPage(gateway: TestGateway, pagePath: string) {
  const page = await gateway.app.inject({ method: 'GET', url: pagePath })
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1]
  const setCookie = page.headers['set-cookie']
  const cookie = (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0]
  const form = { ...(csrf ? { csrf } : {}), ...(cookie ? { cookie } : {}) }
  return { page, csrf, cookie, form }
}

/** Posts the approval form (as the page's own form would) with the given decision and connections. */
export async function submitForm(
  gateway: TestGateway,
  pagePath: string,
  fields: {
    csrf?: string
    cookie?: string
    decision?: string
    connections?: string[]
    origin?: string
    proof?: string
    passkey?: string
  },
) {
  const form = new URLSearchParams()
  if (fields.csrf !== undefined) form.set('csrf', fields.csrf)
  if (fields.proof !== undefined) form.set('proof', fields.proof)
  if (fields.passkey !== undefined) form.set('passkey', fields.passkey)
  if (fields.decision !== undefined) form.set('decision', fields.decision)
  for (const connectionId of fields.connections ?? []) form.append('connection', connectionId)
  return gateway.app.inject({
    method: 'POST',
    url: pagePath,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(fields.cookie ? { cookie: fields.cookie } : {}),
      ...(fields.origin ? { origin: fields.origin } : {}),
    },
    payload: form.toString(),
  })
}

/** Approves on the page and returns the finish redirect's hash and interact_ref. */
export async function approve(gateway: TestGateway, started: GrantStarted, connections: string[]) {
  const { form } = await openPage(gateway, started.pagePath)
  const response = await submitForm(gateway, started.pagePath, { ...form, decision: 'approve', connections })
  expect(response.statusCode, response.body).toBe(303)
  const location = new URL(String(response.headers.location))
  return {
    location,
    hash: location.searchParams.get('hash') ?? '',
    interactRef: location.searchParams.get('interact_ref') ?? '',
  }
}

export async function continueGrant(
  gateway: TestGateway,
  client: TestClient,
  continuation: string | undefined,
  interactRef: string,
  privateJwk = client.key.privateJwk,
) {
  return signedInject(gateway, client, {
    method: 'POST',
    url: '/v1/continue',
    body: { interact_ref: interactRef },
    privateJwk,
    ...(continuation === undefined ? {} : { accessToken: continuation }),
  })
}

/** Runs the whole flow (with `grantFields` such as networks or providers) and returns the access token response. */
export async function issueToken(
  gateway: TestGateway,
  client: TestClient,
  connections: string[],
  actions: string[],
  grantFields: Record<string, unknown> = {},
) {
  const started = await startGrant(gateway, client, {
    access_token: { label: 'issued', access: [{ type: 'connection', actions }] },
    ...grantFields,
  })
  const { interactRef } = await approve(gateway, started, connections)
  const response = await continueGrant(gateway, client, started.continuation, interactRef)
  expect(response.statusCode, response.body).toBe(201)
  return response.json().access_token as {
    value: string
    manage: { uri: string; access_token: { value: string } }
    access: { type: string; actions: string[]; locations: string[]; identifier: string }[]
    expires_in: number
    label: string | null
  }
}
