import { createFireblocksProvider } from '../src/providers/fireblocks'
import { vaultAddress } from './support/fireblocksLedger'
import { startFireblocksServer } from './support/fireblocksServer'
import { providerContract } from './support/providerContract'

providerContract('fireblocks', async () => {
  const server = await startFireblocksServer()
  const session = await createFireblocksProvider({
    http: { timeoutMs: 5000, retryBaseMs: 5, retryMaxMs: 200 },
  }).connect(
    { apiKey: server.apiKey, privateKey: server.privateKeyPem, baseUrl: server.baseUrl },
    { connectionId: 'contract-fireblocks' },
  )
  return {
    session,
    accountExternalId: '0:ETHEREUM',
    address: vaultAddress(server.vaults[0]!),
    // The server moves a transaction one status on each time it is read.
    honoursIdempotencyKey: true,
    close: () => server.close(),
  }
})
