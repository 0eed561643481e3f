import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { signRequest } from '../../src/auth/signRequest'
import type { GatewayConfig } from '../../src/core/config/gatewayConfig'
import { generateSigningJwk, type SigningKeyPair } from '../../src/core/crypto/generateSigningJwk'
import { type CustodyProvider, createLocalProvider, type LocalProviderOptions } from '../../src/providers'
import {
  encryptCredentials,
  registerTestClient,
  signedInject,
  startTestGateway,
  type TestClient,
  type TestGateway,
  testScrypt,
} from './testGateway'

/** Hardhat's well-known test mnemonic: wallet 0, address 0 is 0xf39F…2266 on every EVM network. */
export const testMnemonic = 'test test test test test test test test test test test junk'
export const testAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/**
 * A local provider whose session calls are counted by method name; `beforeCall`, when given, runs (and is
 * awaited) before each call reaches the provider, so a test can hold a call in flight.
 */
export function countingLocalProvider(
  options: LocalProviderOptions = {},
  beforeCall?: (method: string) => Promise<void>,
) {
  const local = createLocalProvider({ scrypt: testScrypt, ...options })
  const calls: Record<string, number> = {}
  // Clients sharing one gateway each count their own calls, so a test's counts are not moved by another client's.
  const callsByClient = new Map<string, Record<string, number>>()
  const callsOf = (clientId: string) => {
    const counts = callsByClient.get(clientId) ?? {}
    callsByClient.set(clientId, counts)
    return counts
  }
  const provider: CustodyProvider = {
    id: local.id,
    name: local.name,
    validateCredentials: (credentials) => local.validateCredentials(credentials),
    async connect(credentials, context) {
      const session = await local.connect(credentials as never, context)
      return new Proxy(session, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver)
          if (typeof value !== 'function') return value
          return async (...args: unknown[]) => {
            calls[String(property)] = (calls[String(property)] ?? 0) + 1
            if (context.clientId !== undefined) {
              const own = callsOf(context.clientId)
              own[String(property)] = (own[String(property)] ?? 0) + 1
            }
            await beforeCall?.(String(property))
            return value.apply(target, args)
          }
        },
      })
    },
  }
  return { provider, calls, callsOf }
}

export type SigningSetup = {
  gateway: TestGateway
  client: TestClient
  /** The client's Entities document, as registered. */
  entities: Record<string, unknown>
  connectionId: string
  calls: Record<string, number>
  /** Account ids of the connection by network id. */
  accounts: Record<string, string>
  approvers: Record<string, SigningKeyPair>
  call: (
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => ReturnType<typeof signedInject>
}

/** The organization the action tests run as: alice requests, bob and carol approve, all on the test address. */
export async function organization(
  requesterKid: string,
  approvers: Record<string, SigningKeyPair>,
  extraAccounts: Record<string, unknown>[] = [],
) {
  const chains = [1, 137, 8453, 11155111, 17000]
  return {
    users: [
      { id: 'alice', role: 'admin' },
      { id: 'bob', role: 'admin' },
      { id: 'carol', role: 'manager' },
    ],
    userGroups: [{ id: 'approvers', name: 'Approvers' }],
    userGroupMembers: [
      { userId: 'bob', groupId: 'approvers' },
      { userId: 'carol', groupId: 'approvers' },
    ],
    userAccounts: [],
    credentials: [
      ...Object.entries(approvers).map(([userId, key]) => ({
        id: key.publicJwk.kid!,
        userId,
        key: key.publicJwk,
      })),
    ],
    accounts: [
      ...chains.map((chainId) => ({
        id: `eip155:${chainId}:${testAddress}`,
        address: testAddress,
        accountType: 'eoa',
        chainId,
      })),
      ...extraAccounts,
    ],
    accountGroups: [],
    accountGroupMembers: [],
    tokens: [
      {
        id: 'eip155:1/erc20:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        symbol: 'USDC',
        chainId: 1,
        decimals: 6,
      },
    ],
    addressBook: [],
    requesterKid,
  }
}

export type SigningClientOptions = {
  policies: Record<string, unknown>[]
  presets?: string[]
  extraAccounts?: Record<string, unknown>[]
}

/**
 * A gateway with the signing plugin, a client whose key is alice's credential, the given policies, and a local
 * connection holding the test mnemonic.
 */
export async function startSigningGateway(
  options: SigningClientOptions & {
    provider?: LocalProviderOptions
    beforeProviderCall?: (method: string) => Promise<void>
    /** Settings beside the test defaults (a price source). */
    config?: Partial<GatewayConfig>
  },
): Promise<SigningSetup> {
  const { provider, calls } = countingLocalProvider(options.provider, options.beforeProviderCall)
  const gateway = await startTestGateway(options.config ?? {}, { providers: [provider] })
  return { ...(await registerSigningClient(gateway, options)), calls }
}

/**
 * Registers one more signing client (alice's key, the given policies, a local connection holding the test
 * mnemonic) on a gateway started with a `countingLocalProvider`, so files whose tests need different policies
 * share one gateway. `calls` counts this client's provider calls only.
 */
export async function registerSigningClient(
  gateway: TestGateway,
  options: SigningClientOptions,
  callsOf: (clientId: string) => Record<string, number> = () => ({}),
): Promise<SigningSetup> {
  const requester = await generateSigningJwk('ES256K', 'alice-key')
  const approvers = {
    bob: await generateSigningJwk('ES256K', 'bob-key'),
    carol: await generateSigningJwk('ES256', 'carol-key'),
  }
  const { requesterKid: _kid, ...entities } = await organization(
    'alice-key',
    approvers,
    options.extraAccounts,
  )
  entities.credentials.unshift({ id: 'alice-key', userId: 'alice', key: requester.publicJwk })
  const client = await registerTestClient(gateway, [], {
    publicKeys: [requester.publicJwk],
    entities,
    policies: options.policies,
    presets: options.presets ?? [],
  })
  const withKey: TestClient = { ...client, keys: [requester], key: requester }
  const encryptedCredentials = await encryptCredentials(gateway, withKey, {
    passphrase: 'correct horse battery staple, signing tests',
    mnemonic: testMnemonic,
  })
  const created = await signedInject(gateway, withKey, {
    method: 'POST',
    url: '/v1/provider/connections',
    body: { provider: 'local', label: 'Signing tests', encryptedCredentials },
  })
  if (created.statusCode !== 201) throw new Error(`Connection creation failed: ${created.body}`)
  const connectionId = created.json().data.connectionId as string
  const listed = await signedInject(gateway, withKey, {
    method: 'GET',
    url: '/v1/provider/accounts?limit=100',
  })
  const accounts: Record<string, string> = {}
  for (const account of listed.json().data as { accountId: string; networkId: string }[]) {
    accounts[account.networkId] = account.accountId
  }
  return {
    gateway,
    client: withKey,
    entities,
    connectionId,
    calls: callsOf(client.clientId),
    accounts,
    approvers,
    call: (method, url, body, headers = {}) =>
      signedInject(gateway, withKey, {
        method,
        url,
        ...(body === undefined ? {} : { body }),
        headers: { 'x-connection-id': connectionId, ...headers },
      }),
  }
}

/** A policy as policy.schema.json shapes it. */
/** Sends `value` wei on Ethereum from the setup's account to a fixed address (Hardhat's wallet 1). */
export function sendEth(
  setup: SigningSetup,
  value: string,
  idempotenceId: string,
  transaction: Record<string, unknown> = {},
) {
  return setup.call('POST', '/v1/provider/evm/send-transaction', {
    transactionRequest: {
      chainId: 1,
      to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      value,
      ...transaction,
    },
    source: { type: 'account', id: setup.accounts.ETHEREUM! },
    idempotenceId,
  })
}

export function policy(id: string, effect: 'permit' | 'forbid', when: Record<string, unknown>[]) {
  // biome-ignore lint/suspicious/noThenProperty: `then` is the policy's effect, as policy.schema.json names it.
  return { id, then: effect, when }
}

/** Smart-account executeBatch calldata: 5 USDC and 0.01 ETH, in two calls (fixtures/requests). */
export const executeBatch = JSON.parse(
  readFileSync(new URL('../../../../fixtures/requests/account-execute-batch.json', import.meta.url), 'utf8'),
).request.params[0] as { to: string; data: string }

/** One ether in wei. */
export const ONE_ETH = '1000000000000000000'

/** Transactions above one ether, once two members of the approvers group (bob, carol) approve. */
export const permitLargeWithTwoApprovers = policy('permit-large-with-two-approvers', 'permit', [
  { criterion: 'checkAction', args: ['signTransaction'] },
  { criterion: 'checkIntentAmount', args: { operator: 'gt', value: ONE_ETH } },
  {
    criterion: 'checkApprovals',
    args: [
      { approvalCount: 2, approvalEntityType: 'userGroup', entityIds: ['approvers'], countPrincipal: false },
    ],
  },
])

export type HttpResponse = { status: number; headers: Headers; body: any }

/**
 * Starts listening on loopback and returns a client that sends really signed requests over HTTP, as a client
 * outside the gateway does (fetch, and a detached JWS over the exact URL and body bytes).
 */
export async function overHttp(setup: SigningSetup) {
  const base = await setup.gateway.app.listen({ host: '127.0.0.1', port: 0 })
  return async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<HttpResponse> => {
    const text = body === undefined ? undefined : JSON.stringify(body)
    const url = `${base}${path}`
    const jws = await signRequest({
      method,
      url,
      privateJwk: setup.client.key.privateJwk,
      jti: randomUUID(),
      ...(text === undefined ? {} : { body: text }),
    })
    const response = await fetch(url, {
      method,
      headers: {
        'x-client-id': setup.client.clientId,
        'x-connection-id': setup.connectionId,
        'detached-jws': jws,
        ...(text === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(text === undefined ? {} : { body: text }),
    })
    const raw = await response.text()
    return {
      status: response.status,
      headers: response.headers,
      body: raw === '' ? undefined : JSON.parse(raw),
    }
  }
}
