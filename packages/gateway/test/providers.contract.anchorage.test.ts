import { createAnchorageProvider } from '../src/providers'
import { defaultAnchorageFixtures } from './support/anchorageFixtures'
import { startAnchorageServer } from './support/anchorageServer'
import { providerContract } from './support/providerContract'

providerContract('anchorage', async () => {
  const fixtures = defaultAnchorageFixtures()
  // The contract's transfer goes to Hardhat's wallet 1: Anchorage sends only to trusted destinations.
  fixtures.trustedDestinations.push({
    id: 'td-contract',
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    networkId: 'ETH',
    assetType: 'ETH',
  })
  const server = await startAnchorageServer({ fixtures })
  const provider = createAnchorageProvider({ http: { timeoutMs: 5000, retryBaseMs: 5, retryMaxMs: 200 } })
  const session = await provider.connect(provider.validateCredentials(server.credentials), {
    connectionId: 'contract-anchorage',
  })
  return {
    session,
    // Treasury's Ethereum wallet and its deposit address.
    accountExternalId: '7f81de30acbe98e3f6895eb12ab7d16f',
    address: '0x27211c05145FDc3c916e3377DB1a257364c5380B',
    // The server moves a transfer one status on each time it is read; the same idempotentId finds the first.
    honoursIdempotencyKey: true,
    close: () => server.close(),
  }
})
