import { createLocalProvider } from '../src/providers'
import { providerContract } from './support/providerContract'
import { testAddress, testMnemonic } from './support/signingClient'
import { testScrypt } from './support/testGateway'

providerContract('local', async () => {
  const provider = createLocalProvider({ scrypt: testScrypt })
  const session = await provider.connect(
    { passphrase: 'a long enough passphrase', mnemonic: testMnemonic },
    { connectionId: `contract-local-${Date.now()}` },
  )
  const [wallet] = await session.listWallets()
  return {
    session,
    accountExternalId: wallet!.accounts.find((account) => account.networkId === 'ETHEREUM')!.externalId,
    address: testAddress,
    // Synchronous: each create signs afresh (the gateway's idempotence is its record, not the provider's).
    honoursIdempotencyKey: false,
    close: async () => {},
  }
})
