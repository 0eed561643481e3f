import { ValidationError } from '../errors/gatewayError'
import type { CreateStakeRequest } from '../generated/actions/createStakeRequest'
import { resolveSigner } from '../pipeline/resolveSigner'
import type { SigningAction } from '../pipeline/signingAction'
import type { ProviderStake } from '../providers/types'
import { quantity } from './evmSigner'
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

/** POST /v1/provider/ethereum/stakes: deposit ETH into a validator contract, opening one position. */
export const stakeAction: SigningAction<CreateStakeBody> = {
  kind: 'ethereum.stake',
  recordIdOf: (body) => body.stakeRequestId,
  async plan({ app, clientId, connectionId }, body) {
    const signer = await resolveSigner(app, { clientId, connectionId }, body.source)
    if (signer.chainId === null) {
      throw new ValidationError('Ethereum staking needs an EVM account', [
        { path: '/source/id', message: `is on ${signer.networkId}` },
      ])
    }
    const amountWei = toBaseUnits(body.amount, ethDecimals)
    return {
      action: 'signTransaction',
      signer,
      rpcRequest: {
        method: 'eth_sendTransaction',
        params: [
          {
            from: signer.address,
            to: body.validator.address,
            value: quantity(amountWei.toString()),
            chainId: quantity(String(signer.chainId)),
          },
        ],
      },
      presets: [],
      details: { amountWei: amountWei.toString() },
    }
  },
  async execute(session, plan, body) {
    const stake = await session.stake({
      source: {
        accountExternalId: plan.signer.accountExternalId,
        addressExternalId: plan.signer.addressExternalId,
      },
      networkId: plan.signer.networkId,
      amount: String(plan.details.amountWei),
      validator: body.validator,
      ...(body.memo === undefined ? {} : { memo: body.memo }),
      ...(body.providerSpecific === undefined ? {} : { providerSpecific: body.providerSpecific }),
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
