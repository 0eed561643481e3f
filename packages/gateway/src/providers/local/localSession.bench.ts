import { privateKeyToAccount } from 'viem/accounts'
import { bench, describe } from 'vitest'
import { createLocalProvider } from './localProvider'

// The provider's overhead (vault load, validation, filling, nonce bookkeeping) against bare viem signing.
const mnemonic = 'test test test test test test test test test test test junk'
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const provider = createLocalProvider({ scrypt: { N: 2 ** 10, r: 8, p: 1 } })
const session = await provider.connect(
  { passphrase: 'a long enough passphrase', mnemonic },
  { connectionId: 'bench' },
)
const [wallet] = await session.listWallets()
const accountExternalId = wallet!.accounts[0]!.externalId
let nonce = 0

describe('sign an EIP-1559 transaction', () => {
  bench('viem account.signTransaction (baseline)', async () => {
    await account.signTransaction({
      chainId: 1,
      to: recipient,
      value: 1n,
      nonce: nonce++,
      gas: 21000n,
      maxFeePerGas: 40_000_000_000n,
      maxPriorityFeePerGas: 1_500_000_000n,
    })
  })
  bench('local session.signTransaction', async () => {
    await session.signTransaction({ accountExternalId, transaction: { to: recipient, value: '1' } })
  })
})

describe('sign an EIP-191 message', () => {
  bench('viem account.signMessage (baseline)', async () => {
    await account.signMessage({ message: 'Sign in to Rampart' })
  })
  bench('local session.signMessage', async () => {
    await session.signMessage({ accountExternalId, message: 'Sign in to Rampart' })
  })
})
