import { afterAll, bench, describe } from 'vitest'
import { issueToken } from '../../test/grantsFlow'
import {
  createTestConnection,
  registerTestClient,
  signedInject,
  startTestGateway,
} from '../../test/support/testGateway'

// What presenting an access token costs on a signed read, against the same read signed without one (the token
// is looked up and its rights checked; without one, the connection is checked for a grant).
const gateway = await startTestGateway()
const alice = await registerTestClient(gateway)
const bob = await registerTestClient(gateway)
const granted = (await createTestConnection(gateway, alice)).connectionId
const plain = (await createTestConnection(gateway, bob)).connectionId
const token = await issueToken(gateway, alice, [granted], ['wallets:read'])

const options = { time: 3000, warmupTime: 1000 }

afterAll(async () => {
  await gateway.close()
})

async function read(client: typeof alice, connectionId: string, accessToken?: string) {
  const response = await signedInject(gateway, client, {
    method: 'GET',
    url: '/v1/provider/wallets',
    headers: { 'x-connection-id': connectionId },
    ...(accessToken ? { accessToken } : {}),
  })
  if (response.statusCode !== 200) throw new Error(response.body)
}

describe('signed GET /v1/provider/wallets', () => {
  bench(
    'without a token (baseline)',
    async () => {
      await read(bob, plain)
    },
    options,
  )
  bench(
    'with an access token covering wallets:read on the connection',
    async () => {
      await read(alice, granted, token.value)
    },
    options,
  )
})
