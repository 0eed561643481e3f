// The server side of `pnpm bench:gateway`, run in its own process so the load generator does not share its
// event loop: the gateway (in-memory PGlite, the local provider) with one registered client, and a bare fastify
// route beside it as the baseline. Prints one JSON line with the addresses and the client's key, then serves until
// its parent closes stdin.
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'
import { policy } from '../test/support/signingClient'
import { createTestConnection, registerTestClient, startTestGateway } from '../test/support/testGateway'

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../fixtures/requests/${name}`, import.meta.url), 'utf8'))

const gateway = await startTestGateway()
const entities = fixture('entities.json')
const probe = await registerTestClient(gateway, ['EdDSA'])
const key = probe.key
entities.users.push({ id: 'bench-user', role: 'member' })
entities.credentials.push({ id: key.publicJwk.kid, userId: 'bench-user', key: key.publicJwk })
entities.accounts.push({
  id: 'usdt-sender',
  address: '0x0f1beb71c67fd219495f9400c06a6245b2db4831',
  accountType: 'eoa',
  chainId: 1,
})
const permit = policy('permit-erc20', 'permit', [{ criterion: 'checkIntentType', args: ['erc20Transfer'] }])
const client = await registerTestClient(gateway, [], {
  publicKeys: [key.publicJwk],
  entities,
  policies: [permit],
  presets: ['erc20-address-book-only'],
})
const benchClient = { ...client, keys: [key], key }
const connection = await createTestConnection(gateway, benchClient)
const gatewayUrl = await gateway.app.listen({ host: '127.0.0.1', port: 0 })

const bare = Fastify({ logger: false })
bare.post('/bare', async () => ({ ok: true }))
bare.get('/bare', async () => ({ ok: true }))
const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 })

process.stdout.write(
  `${JSON.stringify({
    gatewayUrl,
    bareUrl,
    clientId: client.clientId,
    privateJwk: key.privateJwk,
    connectionId: connection.connectionId,
    evaluateBody: { request: fixture('erc20-transfer-usdt.json').request },
  })}\n`,
)

process.stdin.resume()
process.stdin.on('end', async () => {
  await bare.close()
  await gateway.close()
  process.exit(0)
})
