import { readdirSync } from 'node:fs'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { generateSigningJwk } from '../src/core/crypto/generateSigningJwk'
import { createAjv } from '../src/core/http/createAjv'
import { registrableSchemas } from '../src/core/http/gatewaySchemas'
import { registrableActionSchemas } from '../src/signing/actions/actionSchemas'
import { requestFixture, usdtSender } from './support/requestFixtures'
import { policy } from './support/signingClient'
import { registerTestClient, signedInject, type TestClient } from './support/testGateway'
import { useTestGateway } from './support/useTestGateway'

const gateway = useTestGateway()
let client: TestClient

beforeAll(async () => {
  const key = await generateSigningJwk('ES256K', 'analyst-key')
  const entities = requestFixture('entities.json')
  entities.users.push({ id: 'analyst', role: 'member' })
  entities.credentials.push({ id: 'analyst-key', userId: 'analyst', key: key.publicJwk })
  entities.accounts.push(usdtSender())
  const registered = await registerTestClient(gateway, [], {
    publicKeys: [key.publicJwk],
    entities,
    policies: [
      policy('permit-erc20-transfers', 'permit', [
        { criterion: 'checkAction', args: ['signTransaction'] },
        { criterion: 'checkIntentType', args: ['erc20Transfer'] },
        { criterion: 'checkAccountId', args: ['usdt-sender'] },
      ]),
    ],
    presets: ['erc20-address-book-only'],
  })
  client = { ...registered, keys: [key], key }
})

/** The response schema, checked strictly: /evaluate serializes its answer as built, not through the schema. */
const responseAjv = createAjv({ coerceTypes: false })
for (const schema of [...registrableSchemas(), ...registrableActionSchemas()]) responseAjv.addSchema(schema)
const conformsToResponseSchema = responseAjv.getSchema(
  'https://rampart.dev/schemas/gateway/actions/evaluateResponse.schema.json',
)!

async function evaluate(body: unknown) {
  const response = await signedInject(gateway, client, { method: 'POST', url: '/evaluate', body })
  if (response.statusCode === 200) {
    expect(conformsToResponseSchema(response.json()), JSON.stringify(conformsToResponseSchema.errors)).toBe(
      true,
    )
  }
  return response
}

function attestationPayload(jws: string) {
  const [header, payload, signature] = jws.split('.') as [string, string, string]
  const key = gateway.config.attestationKey
  const publicKey = Uint8Array.from([
    4,
    ...Buffer.from(key.x!, 'base64url'),
    ...Buffer.from(key.y!, 'base64url'),
  ])
  const digest = sha256(Buffer.from(`${header}.${payload}`))
  expect(secp256k1.verify(Buffer.from(signature, 'base64url'), digest, publicKey, { prehash: false })).toBe(
    true,
  )
  return JSON.parse(Buffer.from(payload, 'base64url').toString())
}

describe('POST /evaluate', () => {
  it('decodes a real USDT transfer, whitelists it for the signing credential and signs the decision', async () => {
    const { request, expected } = requestFixture('erc20-transfer-usdt.json')
    const response = await evaluate({ request })
    expect(response.statusCode, response.body).toBe(200)
    const { data } = response.json()
    expect(data.action).toBe('eth_sendTransaction')
    expect(data.rawPayload).toEqual(request)
    expect(data.whitelisted).toBe(true)
    expect(data.resolution.intent).toEqual(expected.intent)
    expect(data.resolution.display.intent).toBeTypeOf('string')
    expect(data.resolution.decoding.error).toBeNull()
    expect(data.resolution.decoding.hexSignature).toBe('0xa9059cbb')
    expect(data.resolution).not.toHaveProperty('policyEvaluation')
    expect(data.protocolPresets).toEqual([])
    expect(data.attestation.decision).toMatchObject({
      decision: 'Permit',
      matchedPolicies: ['permit-erc20-transfers'],
    })
    expect(attestationPayload(data.attestation.signature).decision).toEqual(data.attestation.decision)
  })

  it('evaluates the presets asked for and reports them', async () => {
    const { request } = requestFixture('erc20-transfer-usdt.json')
    const response = await evaluate({ request, protocolPresets: ['erc20-address-book-only'] })
    expect(response.statusCode).toBe(200)
    const { data } = response.json()
    expect(data.protocolPresets).toEqual([
      expect.objectContaining({ id: 'erc20-address-book-only', name: expect.any(String) }),
    ])
    expect(data.resolution.policyEvaluation).toEqual({
      expectedBehavior: expect.any(Boolean),
      matchedPresets: expect.any(Array),
    })
  })

  it('does not whitelist a message signed by an account the organization does not have', async () => {
    const { request } = requestFixture('personal-sign-siwe.json')
    const response = await evaluate({ request })
    expect(response.statusCode).toBe(200)
    const { data } = response.json()
    expect(data.action).toBe('personal_sign')
    expect(data.resolution.intent.type).toBe('signIn')
    expect(data.whitelisted).toBe(false)
    expect(data.attestation.decision.reason.code).toBe('UNKNOWN_RESOURCE')
  })

  it('fails closed on requests the decoder cannot decode', async () => {
    for (const name of ['error-unsupported-method.json', 'error-truncated-calldata.json']) {
      const { request } = requestFixture(name)
      const response = await evaluate({ request: { params: [], ...request } })
      expect(response.statusCode, name).toBe(200)
      const { data } = response.json()
      expect(data.whitelisted).toBe(false)
      expect(data.resolution.decoding.error).toMatchObject({ code: expect.any(Number) })
      expect(data.attestation.decision.decision).toBe('Forbid')
    }
  })

  it('does not whitelist typed data whose EIP712Domain type leaves out fields of its domain', async () => {
    const key = await generateSigningJwk('ES256K', 'signer-key')
    const { request } = requestFixture('permit2-permit-transfer-from.json')
    const [signer, typedData] = request.params
    const entities = requestFixture('entities.json')
    entities.users.push({ id: 'signer', role: 'member' })
    entities.credentials.push({ id: 'signer-key', userId: 'signer', key: key.publicJwk })
    entities.accounts.push({ id: 'permit-signer', address: signer, accountType: 'eoa', chainId: 100 })
    const registered = await registerTestClient(gateway, [], {
      publicKeys: [key.publicJwk],
      entities,
      policies: [
        policy('permit-typed-data', 'permit', [{ criterion: 'checkAction', args: ['signTypedData'] }]),
      ],
    })
    const typedClient = { ...registered, keys: [key], key }
    const evaluateAs = async (body: unknown) =>
      (await signedInject(gateway, typedClient, { method: 'POST', url: '/evaluate', body })).json().data
    expect((await evaluateAs({ request })).whitelisted).toBe(true)
    // Declared without chainId and verifyingContract, a wallet signs a domain valid on any chain, for any contract.
    const reduced = {
      ...request,
      params: [
        signer,
        { ...typedData, types: { ...typedData.types, EIP712Domain: [{ name: 'name', type: 'string' }] } },
      ],
    }
    for (const body of [
      { request: reduced },
      { request: { ...reduced, params: [signer, JSON.stringify(reduced.params[1])] } },
    ]) {
      const data = await evaluateAs(body)
      expect(data.whitelisted).toBe(false)
      expect(data.attestation.decision).toMatchObject({
        decision: 'Forbid',
        reason: { code: 'DECODING_FAILED' },
      })
    }
  })

  it('answers every fixture request, nested calls and presets included, as the response schema says', async () => {
    const names = readdirSync(new URL('../../../fixtures/requests/', import.meta.url)).filter(
      (name) => name !== 'entities.json' && name.endsWith('.json'),
    )
    expect(names.length).toBeGreaterThan(20)
    const nested: string[] = []
    const withPresets: string[] = []
    for (const name of names) {
      const { request } = requestFixture(name)
      if (!request || typeof request !== 'object') continue
      const response = await evaluate({
        request: { params: [], ...request },
        protocolPresets: ['erc20-address-book-only'],
      })
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200)
      const { data } = response.json()
      expect(data.rawPayload, name).toEqual({ params: [], ...request })
      if (data.resolution.policyEvaluation) withPresets.push(name)
      if (data.resolution.resolutions?.length) nested.push(name)
    }
    expect(nested.length).toBeGreaterThan(0)
    expect(withPresets.length).toBeGreaterThan(0)
  })

  it('refuses presets the client has not enabled, and malformed bodies, with JSON Pointers', async () => {
    const { request } = requestFixture('erc20-transfer-usdt.json')
    const unknown = await evaluate({ request, protocolPresets: ['lido-staking'] })
    expect(unknown.statusCode).toBe(422)
    expect(unknown.json()).toMatchObject({
      code: 'PRESET_UNKNOWN',
      context: { issues: [{ path: '/protocolPresets/0' }] },
    })
    const malformed = await evaluate({ request: { method: 'eth_sendTransaction' } })
    expect(malformed.statusCode).toBe(422)
    expect(malformed.json().context.issues[0].path).toBe('/request/params')
  })

  it('decides with the policies an admin updates, within a second', async () => {
    const { request } = requestFixture('erc20-transfer-usdt.json')
    expect((await evaluate({ request })).json().data.whitelisted).toBe(true)
    const patched = await gateway.app.inject({
      method: 'PATCH',
      url: `/v1/admin/clients/${client.clientId}`,
      headers: { 'x-api-key': gateway.config.adminApiKey },
      payload: {
        policies: [
          policy('forbid-erc20', 'forbid', [{ criterion: 'checkIntentType', args: ['erc20Transfer'] }]),
        ],
      },
    })
    expect(patched.statusCode, patched.body).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const after = (await evaluate({ request })).json().data
    expect(after.whitelisted).toBe(false)
    expect(after.attestation.decision.decidingPolicy).toBe('forbid-erc20')
  })

  it('requires a signed client request', async () => {
    const response = await gateway.app.inject({
      method: 'POST',
      url: '/evaluate',
      payload: { request: { method: 'personal_sign', params: [] } },
    })
    expect(response.statusCode).toBe(401)
  })
})

describe('POST /evaluate of a signature no chain binds', () => {
  it('decides it for every account of the address, as signing does', async () => {
    const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    const key = await generateSigningJwk('ES256K', 'signer-key')
    const registered = await registerTestClient(gateway, [], {
      publicKeys: [key.publicJwk],
      entities: {
        users: [{ id: 'signer', role: 'member' }],
        userGroups: [],
        userGroupMembers: [],
        userAccounts: [],
        credentials: [{ id: 'signer-key', userId: 'signer', key: key.publicJwk }],
        accounts: [
          { id: 'polygon-account', address, accountType: 'eoa', chainId: 137 },
          { id: 'ethereum-account', address, accountType: 'eoa', chainId: 1 },
        ],
        accountGroups: [],
        accountGroupMembers: [],
        tokens: [],
        addressBook: [],
      },
      policies: [
        policy('ethereum-signs-no-messages', 'forbid', [
          { criterion: 'checkAction', args: ['signMessage'] },
          { criterion: 'checkAccountId', args: ['ethereum-account'] },
        ]),
        policy('permit-messages', 'permit', [{ criterion: 'checkAction', args: ['signMessage'] }]),
      ],
    })
    const response = await signedInject(
      gateway,
      { ...registered, keys: [key], key },
      {
        method: 'POST',
        url: '/evaluate',
        body: { request: { method: 'personal_sign', params: ['0x49206167726565', address] } },
      },
    )
    expect(response.statusCode, response.body).toBe(200)
    const data = response.json().data
    expect(data.whitelisted).toBe(false)
    expect(data.attestation.decision.decidingPolicy).toBe('ethereum-signs-no-messages')
  })
})
