// `pnpm bench` with DATABASE_URL set (skipped without it: processes share only PostgreSQL): two `bin/start.ts`
// gateways on one PostgreSQL database behind one origin, against one of them alone (the baseline), in the same run.
// Each iteration sends 20 ETH transfers at once from one account through the local provider: each create takes the
// client's lock, decides, allocates the account's next nonce in the shared vault and signs. Split across two
// gateways, they contend for the same rows; the ratio says what a second gateway buys (or costs) for one busy
// account. Signed reads take no lock: the second pair of rows splits 100 wallet lists. The correctness of the same load (distinct nonces, limits, idempotence, SIGKILL) is tested in
// test/gateways.sharedDatabase.test.ts.
import { afterAll, bench, describe } from 'vitest'
import type { GatewayProcess } from '../test/support/gatewayProcess'
import {
  type DeploymentClient,
  type SharedDeployment,
  startSharedDeployment,
} from '../test/support/sharedDeployment'
import { policy } from '../test/support/signingClient'

const serverUrl = process.env.DATABASE_URL
const BATCH = 20
const options = { time: 5000, warmupIterations: 2 }

let deployment: SharedDeployment | undefined
let a: GatewayProcess
let b: GatewayProcess
let org: DeploymentClient
if (serverUrl) {
  deployment = await startSharedDeployment(serverUrl)
  ;[a, b] = await Promise.all([
    deployment.startGateway(deployment.nodes.a),
    deployment.startGateway(deployment.nodes.b),
  ])
  org = await deployment.register(a, b, [
    policy('permit-all', 'permit', [{ criterion: 'checkAction', args: ['signTransaction'] }]),
  ])
}
afterAll(async () => {
  await deployment?.close()
})

let sent = 0
/** Sends a batch at once, the i-th through `gatewayFor(i)`, and fails the bench on any answer but a signature. */
async function batch(gatewayFor: (i: number) => GatewayProcess) {
  const answers = await Promise.all(
    Array.from({ length: BATCH }, (_, i) => deployment!.send(org, gatewayFor(i), `bench-${sent++}`, '1000')),
  )
  const failed = answers.find((answer) => answer.status !== 201)
  if (failed) throw new Error(`A send was not signed: ${JSON.stringify(failed.body)}`)
}

const READS = 100
/** Reads the client's wallets, READS at once, the i-th through `gatewayFor(i)`. */
async function reads(gatewayFor: (i: number) => GatewayProcess) {
  const answers = await Promise.all(
    Array.from({ length: READS }, (_, i) =>
      org.client.send(gatewayFor(i), 'GET', '/v1/provider/wallets', undefined, {
        'x-connection-id': org.connectionId,
      }),
    ),
  )
  const failed = answers.find((answer) => answer.status !== 200)
  if (failed) throw new Error(`A read failed: ${JSON.stringify(failed.body)}`)
}

describe.runIf(serverUrl)(`scale: ${BATCH} concurrent transfers from one account, PostgreSQL`, () => {
  bench('one gateway (baseline)', () => batch(() => a), options)
  bench('two gateways, split across them', () => batch((i) => (i % 2 ? a : b)), options)
})

describe.runIf(serverUrl)(`scale: ${READS} concurrent signed wallet lists, PostgreSQL`, () => {
  bench('one gateway (baseline)', () => reads(() => a), options)
  bench('two gateways, split across them', () => reads((i) => (i % 2 ? a : b)), options)
})
