import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { JWK } from 'jose'
import { afterAll, beforeAll } from 'vitest'
import { generateSigningJwk, type SigningKeyPair } from '../../src/core/crypto/generateSigningJwk'
import { type FakeEthereumNode, startFakeEthereumNode } from './fakeEthereumNode'
import {
  createScratchDatabase,
  type GatewayProcess,
  gatewayClient,
  sharedGatewaySecrets,
  startGatewayProcess,
} from './gatewayProcess'
import { organization, testMnemonic } from './signingClient'

/** The public origin the deployment's load balancer would answer on: every request is signed for it. */
export const deploymentOrigin = 'http://rampart.test'
const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** A client registered with the deployment, connected to the local provider, with its Ethereum account. */
export type DeploymentClient = {
  client: ReturnType<typeof gatewayClient>
  clientId: string
  connectionId: string
  account: string
  approvers: Record<string, SigningKeyPair>
  privateJwk: JWK
}

/**
 * Several `bin/start.ts` processes on one fresh PostgreSQL database with one config (secrets, public origin), each
 * with a vault directory of its own: what a load balancer in front of several gateways looks like. Each gateway
 * reaches Ethereum through its own node endpoint (as behind a provider's load-balanced endpoint); both nodes report
 * nonce 0 for every account, so the nonces come from the vault the gateways share in the database.
 */
export async function startSharedDeployment(serverUrl: string) {
  const database = await createScratchDatabase(serverUrl)
  const startNode = () =>
    startFakeEthereumNode({ chainId: 1, nonce: 0, gasPrice: 10n ** 9n, baseFeePerGas: 10n ** 10n })
  const nodes: { a: FakeEthereumNode; b: FakeEthereumNode } = { a: await startNode(), b: await startNode() }
  const env: Record<string, string> = {
    ...(await sharedGatewaySecrets()),
    DATABASE_URL: database.url,
    RAMPART_PUBLIC_ORIGIN: deploymentOrigin,
  }
  const gateways: GatewayProcess[] = []

  /** A gateway of the deployment, sending to `node`, with a vault directory of its own. */
  const startGateway = async (node: FakeEthereumNode): Promise<GatewayProcess> => {
    const gateway = await startGatewayProcess({
      ...env,
      RAMPART_LOCAL_RPC_URLS: `ETHEREUM=${node.url}`,
      RAMPART_HOME: mkdtempSync(join(tmpdir(), 'rampart-gateway-')),
      RAMPART_LOCAL_VAULT_DIR: mkdtempSync(join(tmpdir(), 'rampart-vaults-')),
    })
    gateways.push(gateway)
    return gateway
  }

  /** Registers a client with the policies given, through `a`, and connects it to the local provider through `b`. */
  const register = async (
    a: GatewayProcess,
    b: GatewayProcess,
    policies: Record<string, unknown>[],
  ): Promise<DeploymentClient> => {
    const requester = await generateSigningJwk('ES256K', 'alice-key')
    const approvers = {
      bob: await generateSigningJwk('ES256K', 'bob-key'),
      carol: await generateSigningJwk('ES256', 'carol-key'),
    }
    const { requesterKid: _kid, ...entities } = await organization('alice-key', approvers)
    entities.credentials.unshift({ id: 'alice-key', userId: 'alice', key: requester.publicJwk })
    const clientId = `client-${Math.random().toString(36).slice(2, 10)}`
    const registered = await fetch(`${a.url}/v1/admin/clients`, {
      method: 'POST',
      headers: { 'x-api-key': env.RAMPART_ADMIN_API_KEY!, 'content-type': 'application/json' },
      body: JSON.stringify({
        clientId,
        name: clientId,
        publicKeys: [requester.publicJwk],
        entities,
        policies,
      }),
    })
    if (registered.status !== 201) throw new Error(`Client registration: ${await registered.text()}`)
    const client = gatewayClient(deploymentOrigin, clientId, requester.privateJwk)
    const connectionId = await client.connect(b, {
      passphrase: 'correct horse battery staple, shared gateways',
      mnemonic: testMnemonic,
    })
    const accounts = await client.send(a, 'GET', '/v1/provider/accounts?limit=100', undefined, {
      'x-connection-id': connectionId,
    })
    const account = accounts.body.data.find((row: { networkId: string }) => row.networkId === 'ETHEREUM')
    return {
      client,
      clientId,
      connectionId,
      account: account.accountId,
      approvers,
      privateJwk: requester.privateJwk,
    }
  }

  /** Sends `value` wei on Ethereum through `gateway`. */
  const send = (org: DeploymentClient, gateway: GatewayProcess, idempotenceId: string, value: string) =>
    org.client.send(
      gateway,
      'POST',
      '/v1/provider/evm/send-transaction',
      {
        transactionRequest: { chainId: 1, to: recipient, value },
        source: { type: 'account', id: org.account },
        idempotenceId,
      },
      { 'x-connection-id': org.connectionId },
    )

  /** Kills every gateway started, drops the database and closes the nodes. */
  const close = async () => {
    await Promise.all(gateways.map((gateway) => gateway.stop('SIGKILL')))
    await database.drop()
    await Promise.all([nodes.a.close(), nodes.b.close()])
  }

  return { database, nodes, env, startGateway, register, send, close }
}

export type SharedDeployment = Awaited<ReturnType<typeof startSharedDeployment>>

/**
 * For a describe block: a deployment with two gateways, started together before its tests (one applies the
 * migrations, the other waits for it), each sending to a node of its own, and closed after them. The fields are
 * set once the block's beforeAll has run.
 */
export function useSharedDeployment(serverUrl: string | undefined) {
  const started = {} as { deployment: SharedDeployment; a: GatewayProcess; b: GatewayProcess }
  beforeAll(async () => {
    started.deployment = await startSharedDeployment(serverUrl!)
    const { nodes, startGateway } = started.deployment
    ;[started.a, started.b] = await Promise.all([startGateway(nodes.a), startGateway(nodes.b)])
  }, 60_000)
  afterAll(async () => {
    await started.deployment?.close()
  })
  return started
}
