import { emptyEntities } from '@rampart/entities'
import { beforeAll, describe, expect, it } from 'vitest'
import { generateSigningJwk, type SigningKeyPair } from '../src/core/crypto/generateSigningJwk'
import { signUserProof } from '../src/grants/userProof'
import { continueGrant, openPage, startGrant, submitForm } from './grantsFlow'
import { createTestConnection, registerTestClient, type TestClient } from './support/testGateway'
import { useTestGateway } from './support/useTestGateway'

const gateway = useTestGateway()
let client: TestClient
let ceo: SigningKeyPair
let intern: SigningKeyPair

beforeAll(async () => {
  ceo = await generateSigningJwk('ES256', 'ceo-laptop')
  intern = await generateSigningJwk('EdDSA', 'intern-phone')
  const entities = {
    ...emptyEntities(),
    users: [
      { id: 'ceo', role: 'admin' },
      { id: 'intern', role: 'member' },
    ],
    credentials: [
      { id: 'ceo-laptop', userId: 'ceo', key: ceo.publicJwk },
      { id: 'intern-phone', userId: 'intern', key: intern.publicJwk },
    ],
  }
  client = await registerTestClient(gateway, ['ES256K'], { entities })
})

/** Starts a grant for the user and opens its page, as whoever holds the link. */
async function grantForCeo(
  connectionId?: string,
  user: { id: string } | null = { id: 'ceo' },
  actions = ['wallets:read'],
) {
  connectionId ??= (await createTestConnection(gateway, client)).connectionId
  const started = await startGrant(gateway, client, {
    ...(user ? { user } : {}),
    access_token: { access: [{ type: 'connection', actions }] },
  })
  const { page, form } = await openPage(gateway, started.pagePath)
  const grantId = /grant_[\w-]+/.exec(page.body)?.[0] ?? ''
  const submit = (proof?: string) =>
    submitForm(gateway, started.pagePath, {
      ...form,
      decision: 'approve',
      connections: [connectionId],
      ...(proof === undefined ? {} : { proof }),
    })
  return { started, page, grantId, submit, connectionId }
}

describe('approving a grant that names a user', () => {
  it('asks for a proof made with a credential of that user', async () => {
    const { page, grantId } = await grantForCeo()
    expect(page.statusCode).toBe(200)
    expect(grantId).not.toBe('')
    expect(page.body).toContain('Prove you are ceo')
    expect(page.body).toContain('rampart-grant-approval+jws')
    expect(page.body).toContain('name="proof"')
  })

  it('is refused to whoever holds the link without the proof, and the grant stays pending', async () => {
    const { started, submit } = await grantForCeo()
    for (const proof of [undefined, '', 'not-a-jws']) {
      const response = await submit(proof)
      expect(response.statusCode).toBe(422)
      expect(response.body).toContain('Not approved: the proof')
    }
    const continued = await continueGrant(gateway, client, started.continuation, 'rampart-ir-none')
    expect(continued.json().code).toBe('GRANT_PENDING')
  })

  it("is refused with another user's credential, the client's own key, another grant's proof or a stale one", async () => {
    const { grantId, submit } = await grantForCeo()
    const other = await grantForCeo()
    const now = Math.floor(Date.now() / 1000)
    const proofs = [
      await signUserProof(intern.privateJwk, { grant: grantId }),
      await signUserProof(client.key.privateJwk, { grant: grantId }),
      await signUserProof(ceo.privateJwk, { grant: other.grantId }),
      await signUserProof(ceo.privateJwk, { grant: grantId, iat: now - 3600 }),
      await signUserProof(ceo.privateJwk, { grant: grantId, iat: now + 3600 }),
    ]
    for (const proof of proofs) {
      const response = await submit(proof)
      expect(response.statusCode).toBe(422)
      expect(response.body).toContain('Not approved: the proof')
    }
  })

  it("is approved with the user's proof, and the grant continues to a token", async () => {
    const { started, grantId, submit } = await grantForCeo()
    const response = await submit(await signUserProof(ceo.privateJwk, { grant: grantId }))
    expect(response.statusCode, response.body).toBe(303)
    const interactRef = new URL(String(response.headers.location)).searchParams.get('interact_ref') ?? ''
    const continued = await continueGrant(gateway, client, started.continuation, interactRef)
    expect(continued.statusCode, continued.body).toBe(201)
  })

  it('lets the user grant again a connection under their own grant; nobody else', async () => {
    const first = await grantForCeo()
    const approved = await first.submit(await signUserProof(ceo.privateJwk, { grant: first.grantId }))
    const ref = new URL(String(approved.headers.location)).searchParams.get('interact_ref') ?? ''
    expect((await continueGrant(gateway, client, first.started.continuation, ref)).statusCode).toBe(201)

    // The intern, and a grant naming nobody, are not offered the ceo's connection.
    for (const user of [{ id: 'intern' }, null]) {
      const other = await grantForCeo(first.connectionId, user, ['evm:sign'])
      expect(other.page.body).not.toContain(first.connectionId)
      const proof = user ? await signUserProof(intern.privateJwk, { grant: other.grantId }) : undefined
      expect((await other.submit(proof)).statusCode).toBe(422)
    }

    const again = await grantForCeo(first.connectionId, { id: 'ceo' }, ['evm:sign'])
    expect(again.page.body).toContain(first.connectionId)
    const reapproved = await again.submit(await signUserProof(ceo.privateJwk, { grant: again.grantId }))
    expect(reapproved.statusCode, reapproved.body).toBe(303)
    const againRef = new URL(String(reapproved.headers.location)).searchParams.get('interact_ref') ?? ''
    const token = await continueGrant(gateway, client, again.started.continuation, againRef)
    expect(token.statusCode, token.body).toBe(201)
    expect(token.json().access_token.access).toEqual([
      expect.objectContaining({ actions: ['evm:sign'], locations: [first.connectionId] }),
    ])
  })
})
