import { recoverMessageAddress, recoverTypedDataAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type CustodianStatus,
  finalCustodianStatuses,
  isProviderError,
  isSubmitted,
  type OperationResults,
  type ProviderOperation,
  type ProviderSession,
  providerErrors,
} from '../../src/providers'

/** What the contract needs of a provider under test: a session, the account it signs with, and a way to end. */
export type ProviderUnderTest = {
  session: ProviderSession
  /** An Ethereum account of the session that holds funds (or needs none, offline). */
  accountExternalId: string
  /** That account's address, as listWallets shows it. */
  address: string
  /** Makes what a custodian holds move on (the test server's next statuses); nothing for synchronous providers. */
  progress?: (externalId: string) => Promise<void>
  /** Whether a create repeated with the same idempotency key answers the first request (custodians do). */
  honoursIdempotencyKey: boolean
  close: () => Promise<void>
}

const customerStatuses: CustodianStatus[] = [
  'submitted',
  'pending_approval',
  'signing',
  'broadcasting',
  'completed',
  'failed',
  'rejected',
  'cancelled',
]

/**
 * The behaviour every custody provider adapter shares, whatever answers it (the local provider, a custodian's
 * protocol-faithful test server): each provider's test file calls this with how to start it. A create may answer
 * at once or "submitted"; `settle` follows it to its end, so the same assertions hold for both.
 */
export function providerContract(name: string, start: () => Promise<ProviderUnderTest>) {
  describe(`provider contract: ${name}`, () => {
    let provider: ProviderUnderTest
    beforeAll(async () => {
      provider = await start()
    })
    afterAll(async () => provider?.close())

    let keys = 0
    const key = () => ({ idempotencyKey: `${name}-contract-${++keys}-${Date.now()}` })

    /** The final result of a create: its answer, or what following it ends with. */
    async function settle<Operation extends ProviderOperation>(
      operation: Operation,
      answer: unknown,
    ): Promise<OperationResults[Operation]> {
      if (!isSubmitted(answer)) return answer as OperationResults[Operation]
      expect(customerStatuses).toContain(answer.status)
      expect(typeof answer.externalStatus).toBe('string')
      expect(provider.session.followRequest).toBeTypeOf('function')
      for (let check = 0; check < 20; check += 1) {
        await provider.progress?.(answer.externalId)
        const followed = await provider.session.followRequest!({
          operation,
          externalId: answer.externalId,
          idempotencyKey: 'unused',
          signer: { accountExternalId: provider.accountExternalId },
        })
        expect(followed?.externalId).toBe(answer.externalId)
        expect(customerStatuses).toContain(followed!.status)
        if (finalCustodianStatuses.has(followed!.status)) {
          expect(followed!.status, followed!.reason).toBe('completed')
          return followed!.result as OperationResults[Operation]
        }
      }
      throw new Error('the request did not end')
    }

    it('syncs: wallets with an Ethereum account and its EVM address', async () => {
      const wallets = await provider.session.listWallets()
      const account = wallets
        .flatMap((wallet) => wallet.accounts)
        .find((a) => a.externalId === provider.accountExternalId)
      expect(account?.networkId).toBe('ETHEREUM')
      expect(account!.addresses.map((address) => address.address)).toContain(provider.address)
      expect(provider.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    })

    it('signs an EIP-191 message and EIP-712 typed data that recover to the account', async () => {
      const ref = { accountExternalId: provider.accountExternalId }
      if (!provider.session.capabilities.signMessage && !provider.session.capabilities.signTypedData) {
        // A custodian that signs no messages (Anchorage) says so, with a code of the registry.
        await expect(
          provider.session.signMessage({ ...ref, message: 'contract' }, key()),
        ).rejects.toMatchObject({
          code: 'UNSUPPORTED',
        })
        return
      }
      const message = await settle(
        'signMessage',
        await provider.session.signMessage({ ...ref, message: 'contract' }, key()),
      )
      expect(await recoverMessageAddress({ message: 'contract', signature: message.fullSig })).toBe(
        provider.address,
      )
      expect([27, 28]).toContain(message.v)
      const typedData = {
        domain: { name: 'Contract', version: '1', chainId: 1 },
        types: { Note: [{ name: 'text', type: 'string' }] },
        primaryType: 'Note',
        message: { text: 'same behaviour' },
      }
      const typed = await settle(
        'signTypedData',
        await provider.session.signTypedData({ ...ref, typedData }, key()),
      )
      const signer = await recoverTypedDataAddress({
        ...(typedData as unknown as Parameters<typeof recoverTypedDataAddress>[0]),
        signature: typed.fullSig,
      })
      expect(signer).toBe(provider.address)
    })

    it('prepares and makes a native transfer, reporting amounts and the network fee', async () => {
      const input = {
        source: { accountExternalId: provider.accountExternalId },
        networkId: 'ETHEREUM',
        destinationAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        asset: { kind: 'native' as const },
        amount: '1000000000000000',
        networkFeeAttribution: 'on_top' as const,
      }
      const prepared = await provider.session.prepareTransfer(input)
      expect(prepared).toMatchObject({ chainId: 1, value: input.amount })
      expect(BigInt(prepared.gasLimit)).toBeGreaterThan(0n)
      const gas = {
        type: prepared.type,
        gasLimit: prepared.gasLimit,
        gasPrice: prepared.gasPrice ?? null,
        maxFeePerGas: prepared.maxFeePerGas ?? null,
        maxPriorityFeePerGas: prepared.maxPriorityFeePerGas ?? null,
      }
      const options = key()
      const answer = await provider.session.buildTransfer({ ...input, gas }, options)
      if (provider.honoursIdempotencyKey) {
        const again = await provider.session.buildTransfer({ ...input, gas }, options)
        expect(isSubmitted(again) && isSubmitted(answer) && again.externalId === answer.externalId).toBe(true)
      }
      const built = await settle('transfer', answer)
      const fee = BigInt(built.fees[0]!.amount)
      expect(built.netAmount).toBe(input.amount)
      expect(fee).toBeGreaterThan(0n)
      // At most what was decided: gas limit × the maximum fee per gas, when the provider decides the fee (a custodian
      // that chooses it when it signs, as Anchorage does, prepares none, so a fee limit never permits it).
      const maxFee = gas.maxFeePerGas ?? gas.gasPrice
      if (maxFee !== null) expect(fee).toBeLessThanOrEqual(BigInt(gas.gasLimit) * BigInt(maxFee))
      expect(BigInt(built.grossAmount)).toBe(BigInt(input.amount) + fee)
    })

    it('refuses an unknown account with a ProviderError code of the registry', async () => {
      const error = await provider.session
        .signMessage({ accountExternalId: 'no-such-account', message: 'x' }, key())
        .then(
          () => undefined,
          (thrown: unknown) => thrown,
        )
      expect(isProviderError(error)).toBe(true)
      expect(Object.keys(providerErrors)).toContain((error as { code: string }).code)
    })

    it('revokes', async () => {
      await expect(provider.session.revoke()).resolves.toBeUndefined()
    })
  })
}
