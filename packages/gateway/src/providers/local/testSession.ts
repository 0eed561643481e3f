import { createLocalProvider, type LocalProviderOptions } from './localProvider'
import type { LocalSession } from './localSession'

/** Hardhat's mnemonic: its first EVM address is `testAddress`. Tests only; it holds nothing anywhere. */
export const testMnemonic = 'test test test test test test test test test test test junk'
export const testAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const testPassphrase = 'a long enough passphrase'
/** Cheap scrypt, so that each test connects in milliseconds. */
export const testScryptParameters = { N: 2 ** 10, r: 8, p: 1 }

/** The error a promise rejects with, or undefined when it resolves. */
export const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  )

/** A session of a local provider holding the test mnemonic, and the external id of its account on a network. */
export async function connectTestSession(
  connectionId: string,
  options: LocalProviderOptions = {},
): Promise<{ session: LocalSession; accountOn(networkId: string): string }> {
  const provider = createLocalProvider({ scrypt: testScryptParameters, ...options })
  const session = await provider.connect(
    { passphrase: testPassphrase, mnemonic: testMnemonic },
    { connectionId },
  )
  const [wallet] = await session.listWallets()
  return {
    session,
    accountOn: (networkId) => wallet!.accounts.find((account) => account.networkId === networkId)!.externalId,
  }
}
