import { ProviderError } from '../../core/errors/providerErrors'
import type { CustodyProvider, ProviderCapabilities, ProviderSession } from '../types'
import { type BitgoCredentials, validateBitgoCredentials } from './credentials'

const noAdapter =
  'BitGo connections keep their credentials, but no BitGo adapter exists yet: the gateway cannot act through BitGo'

const nothing: ProviderCapabilities = {
  createWallet: false,
  deriveAddress: false,
  signTransaction: false,
  signMessage: false,
  signTypedData: false,
  rawSigningAlgorithms: [],
  transfers: false,
  staking: false,
  broadcast: false,
}

function unsupported(action: string): Promise<never> {
  return Promise.reject(
    new ProviderError('UNSUPPORTED', `${noAdapter} (${action})`, { provider: 'bitgo', action }),
  )
}

/**
 * A BitGo session: it holds nothing and contacts nobody. The sync reads no wallets (there is no adapter to read
 * them), and every action is refused with `UNSUPPORTED`, saying so, before anything leaves the gateway.
 */
function bitgoSession(): ProviderSession {
  return {
    providerId: 'bitgo',
    capabilities: nothing,
    listWallets: async () => [],
    listKnownDestinations: async () => [],
    prepareTransaction: () => unsupported('prepareTransaction'),
    signTransaction: () => unsupported('signTransaction'),
    signMessage: () => unsupported('signMessage'),
    signTypedData: () => unsupported('signTypedData'),
    signRaw: () => unsupported('signRaw'),
    prepareTransfer: () => unsupported('prepareTransfer'),
    buildTransfer: () => unsupported('buildTransfer'),
    prepareStake: () => unsupported('prepareStake'),
    stake: () => unsupported('stake'),
    getStake: () => unsupported('getStake'),
    prepareUnstake: () => unsupported('prepareUnstake'),
    unstake: () => unsupported('unstake'),
    getUnstake: () => unsupported('getUnstake'),
    listPositions: () => unsupported('listPositions'),
    // Nothing is held on BitGo's side for the connection; the gateway destroys the stored credentials itself.
    revoke: async () => {},
  }
}

/**
 * The `bitgo` provider: connections are created with BitGo credentials, which are checked for shape and stored
 * encrypted like any connection's, so that an adapter can use them once it exists. Until then every action
 * answers `UNSUPPORTED`.
 */
export function createBitgoProvider(): CustodyProvider<BitgoCredentials> {
  return {
    id: 'bitgo',
    name: 'BitGo (credentials only)',
    validateCredentials: validateBitgoCredentials,
    connect: async () => bitgoSession(),
  }
}
