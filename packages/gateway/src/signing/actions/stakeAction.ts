import { GatewayError } from '../../core/errors/gatewayError'
import type { CreateStakeRequest } from '../../generated/actions/createStakeRequest'
import type { ProviderStake, StakeInput } from '../../providers/types'
import { resolveSigner, type Signer } from '../../resources/resolveSigner'
import type { SigningAction } from '../pipeline/signingAction'
import { decidedGas, decidedRequest } from './decidedTransaction'
import { pointingIntoBody, stakePointers } from './providerPointers'
import { toBaseUnits } from './resolveTransferAsset'
import { positionToApi, stakeTransactionToApi, stakingRequestFields } from './stakingViews'

/** The create body, as `schemas/gateway/actions/` defines it. */
export type CreateStakeBody = CreateStakeRequest

/** ETH has 18 decimals; staking amounts are in ETH, like transfer amounts are in asset units. */
export const ethDecimals = 18

function stakeView(stake: ProviderStake) {
  const { positions, transactions, ...rest } = stake
  return {
    ...rest,
    positions,
    transactions,
    externalId: stake.externalId,
    externalStatus: stake.externalStatus,
  }
}

/** What the provider stakes from, at plan time (to prepare the transaction) and once permitted (to sign it). */
function stakeInput(signer: Signer, amountWei: string, body: CreateStakeBody): StakeInput {
  return {
    source: { accountExternalId: signer.accountExternalId, addressExternalId: signer.addressExternalId },
    networkId: signer.networkId,
    amount: amountWei,
    validator: body.validator,
    ...(body.memo === undefined ? {} : { memo: body.memo }),
    ...(body.providerSpecific === undefined ? {} : { providerSpecific: body.providerSpecific }),
  }
}

/** POST /v1/provider/ethereum/stakes: deposit ETH into a validator contract, opening one position. */
export const stakeAction: SigningAction<CreateStakeBody> = {
  kind: 'ethereum.stake',
  recordIdOf: (body) => body.stakeRequestId,
  async plan({ services, clientId, connectionId }, body) {
    const signer = await resolveSigner(services.db, { clientId, connectionId }, body.source)
    if (signer.chainId === null) {
      throw new GatewayError('VALIDATION_FAILED', 'Ethereum staking needs an EVM account', {
        issues: [{ path: '/source/id', message: `is on ${signer.networkId}` }],
      })
    }
    const amountWei = toBaseUnits(body.amount, ethDecimals)
    // Prepared now, not while signing: the policies judge the network fee the stake is signed with.
    const session = await services.sessions.sessionFor(clientId, connectionId)
    const transaction = await session
      .prepareStake(stakeInput(signer, amountWei.toString(), body))
      .catch((error: unknown) => {
        throw pointingIntoBody(error, stakePointers)
      })
    return {
      action: 'signTransaction',
      signer,
      rpcRequest: decidedRequest(transaction, signer.address),
      presets: [],
      details: { amountWei: amountWei.toString(), transaction },
    }
  },
  async execute(session, plan, body) {
    const gas = decidedGas(plan.details)
    const stake = await session.stake({
      ...stakeInput(plan.signer, String(plan.details.amountWei), body),
      ...(gas === undefined ? {} : { gas }),
    })
    return {
      status: stake.status,
      externalStatus: stake.externalStatus,
      externalId: stake.externalId,
      result: { stake: stakeView(stake) },
    }
  },
  async refresh(session, row) {
    const stake = await session.getStake(String(row.result?.externalId))
    return { stake: stakeView(stake), externalStatus: stake.externalStatus }
  },
  toApi(row) {
    const body = row.body as unknown as CreateStakeBody
    const stake = (row.result?.stake ?? null) as ProviderStake | null
    const fields = stakingRequestFields(row)
    const scope = {
      clientId: row.clientId,
      connectionId: row.connectionId,
      provider: row.provider,
      accountId: fields.accountId,
    }
    return {
      stakeRequest: {
        stakeRequestId: row.requestId,
        ...fields,
        // Once the provider has the stake, the request's status is the stake's own.
        status: stake?.status ?? row.status,
        providerSpecific: body.providerSpecific ?? null,
        amount: body.amount,
        validator: body.validator,
      },
      positions: stake?.positions.map((position) => positionToApi(position, scope)) ?? [],
      transactions: stake?.transactions.map(stakeTransactionToApi) ?? [],
    }
  },
}
