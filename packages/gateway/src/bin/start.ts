#!/usr/bin/env node
// Starts the gateway: `pnpm start` from the repository, or `node packages/gateway/dist/bin/start.js`.
import { join } from 'node:path'
import { createGateway } from '../app/createGateway'
import { signRequest } from '../auth/signRequest'
import { loadConfig } from '../core/config/loadConfig'
import {
  ensureConfigFile,
  findDemoFile,
  gatewayHome,
  readDemoClient,
  writeDemoClient,
} from '../demo/gatewayHome'
import { type DemoIdentityView, provisionDemo } from '../demo/provisionDemo'
import { createAnchorageProvider, createBitgoProvider, createLocalProvider } from '../providers'
import { createFireblocksProvider, fireblocksWebhookKeys } from '../providers/fireblocks'
import { chooseVaultStore } from '../providers/local/chooseVaultStore'

const print = (text = '') => process.stdout.write(`${text}\n`)

/** As whom the demo client's key signs, and the entities account its address is: the policies decide on both. */
function signsAsLine({ userId, accountIds, groups }: DemoIdentityView): string {
  const [first, ...others] = accountIds
  if (!first) return `The demo client signs as ${userId}.`
  const more = others.length > 0 ? ` (and ${others.length} more chains)` : ''
  const inGroups = groups.length > 0 ? `, in the account group ${groups.join(', ')}` : ''
  return `The demo client signs as ${userId}; its address is the entities account ${first}${more}${inGroups}.`
}

async function main() {
  const home = gatewayHome()
  let configFile = process.env.RAMPART_CONFIG
  if (!configFile && !process.env.RAMPART_ADMIN_API_KEY) {
    const ensured = await ensureConfigFile(home)
    configFile = ensured.path
    if (ensured.created)
      print(`Created ${ensured.path} with new secrets (admin key, master key, attestation key).`)
  }
  const config = loadConfig({ ...process.env, ...(configFile ? { RAMPART_CONFIG: configFile } : {}) })
  const vaultDirectory = process.env.RAMPART_LOCAL_VAULT_DIR ?? join(home, 'local-vaults')
  let vaults = ''
  const { app, database } = await createGateway(config, (opened) => {
    const chosen = chooseVaultStore(config.localVaultStore ?? 'file', opened, vaultDirectory)
    vaults = chosen.description
    const networks = Object.fromEntries(
      Object.entries(config.localRpcUrls ?? {}).map(([networkId, rpcUrl]) => [networkId, { rpcUrl }]),
    )
    return [
      createLocalProvider({ vaultStore: chosen.vaultStore, vaultLock: chosen.vaultLock, networks }),
      // Fireblocks connections take their API user and base URL from their credentials; webhooks are verified
      // with the Fireblocks public keys of RAMPART_FIREBLOCKS_WEBHOOK_KEYS (a PEM file), refused without it.
      createFireblocksProvider({
        webhookPublicKeys: fireblocksWebhookKeys(process.env.RAMPART_FIREBLOCKS_WEBHOOK_KEYS),
      }),
      createAnchorageProvider(),
      createBitgoProvider(),
    ]
  })

  const demoFile = findDemoFile()
  let demoClient = await readDemoClient(home)
  let identity: DemoIdentityView | null = null
  if (demoFile) {
    const result = await provisionDemo(app, demoFile, demoClient)
    identity = result.identity
    if (result.createdClient && result.client) {
      await writeDemoClient(home, result.client)
      demoClient = result.client
      print()
      print(
        `Provisioned the demo client "${result.client.clientId}" (entities, policies and presets from fixtures/).`,
      )
      print('Its private signing key, shown this once (also saved, mode 0600, for the examples below):')
      print(JSON.stringify(result.client.privateJwk))
    }
    if (result.createdConnection)
      print('Connected the demo client to the local custody provider (connection demo-local).')
    if (!result.client) {
      print(
        `The demo client exists but its key is not in ${home}/demo-client.json: no signed example can be shown.`,
      )
    }
  }

  const address = await app.listen({ host: config.host, port: config.port })
  const origin = config.publicOrigin ?? address
  print()
  print(`Rampart gateway listening on ${address} (database: ${database.kind})`)
  print(`  Local provider vaults: ${vaults}`)
  print(`  API reference:    ${origin}/docs`)
  print(`  OpenAPI document: ${origin}/openapi.json`)
  if (demoClient) {
    const url = `${origin}/v1/provider/wallets`
    const jws = await signRequest({ method: 'GET', url, privateJwk: demoClient.privateJwk })
    print()
    print('A signed request, ready to run within 60 seconds (each signature is accepted once):')
    print(`  curl -s '${url}' -H 'x-client-id: ${demoClient.clientId}' -H 'detached-jws: ${jws}'`)
    if (identity) print(signsAsLine(identity))
    print('Sign and send any request as the demo client:')
    print(`  node packages/gateway/dist/bin/request.js GET /v1/provider/wallets`)
    print(`  node packages/gateway/dist/bin/request.js GET '/v1/provider/networks?type=evm&limit=5'`)
  }
  const stop = async () => {
    await app.close()
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error: Error & { code?: string; details?: unknown }) => {
  process.stderr.write(`The gateway could not start: ${error.message}\n`)
  if (error.details) process.stderr.write(`${JSON.stringify(error.details, null, 2)}\n`)
  process.exit(1)
})
