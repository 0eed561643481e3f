import { GatewayError } from '../../core/errors/gatewayError'
import type { CreateUnstakeRequest } from '../../generated/actions/createUnstakeRequest'
import type { ProviderUnstake, UnstakeInput } from '../../providers/types'
import { resolveSigner, type Signer } from '../../resources/resolveSigner'
import type { SigningAction } from '../pipeline/signingAction'
import { decidedGas, decidedRequest } from './decidedTransaction'
import { pointingIntoBody, unstakePointers } from './providerPointers'
import { toBaseUnits } from './resolveTransferAsset'
import { ethDecimals } from './stakeAction'
import { stakeTransactionToApi, stakingRequestFields } from './stakingViews'

/** The create body, as `schemas/gateway/actions/` defines it. */
export type CreateUnstakeBody = CreateUnstakeRequest

/**
 * The position selector, checked before the schema so the answer names the rule: either stakePositionId, or
 * validatorAddress and stakeAccountAddress, never both.
 */
export function checkPositionSelector(body: unknown): void {
  if (body === null || typeof body !== 'object') return
  const { stakePositionId, validatorAddress, stakeAccountAddress } = body as Record<string, unknown>
  const byId = stakePositionId !== undefined
  const byAddresses = validatorAddress !== undefined || stakeAccountAddress !== undefined
  const issue = (path: string, message: string) => {
    throw new GatewayError(
      'POSITION_SELECTOR_INVALID',
      'Name the position either by stakePositionId, or by validatorAddress and stakeAccountAddress, not both',
      { issues: [{ path, message, keyword: 'positionSelector' }] },
    )
  }
  if (byId && byAddresses) {
    issue(
      validatorAddress !== undefined ? '/validatorAddress' : '/stakeAccountAddress',
      'must not be set with stakePositionId',
    )
  }
  if (!byId && !byAddresses)
    issue('/stakePositionId', 'is required, unless validatorAddress and stakeAccountAddress are set')
  if (byAddresses && validatorAddress === undefined)
    issue('/validatorAddress', 'is required with stakeAccountAddress')
  if (byAddresses && stakeAccountAddress === undefined)
    issue('/stakeAccountAddress', 'is required with validatorAddress')
}

/** What the provider exits, at plan time (to prepare the transaction) and once permitted (to sign it). */
function unstakeInput(
  signer: Signer,
  details: { amountWei: string; positionExternalId: string },
): UnstakeInput {
  return {
    positionExternalId: details.positionExternalId,
    source: { accountExternalId: signer.accountExternalId, addressExternalId: signer.addressExternalId },
    networkId: signer.networkId,
    amount: details.amountWei,
  }
}

/** POST /v1/provider/ethereum/unstakes: exit a position (the validator contract's withdraw). */
export const unstakeAction: SigningAction<CreateUnstakeBody> = {
  kind: 'ethereum.unstake',
  recordIdOf: (body) => body.unstakeId,
  async plan({ services, clientId, connectionId }, body) {
    const signer = await resolveSigner(services.db, { clientId, connectionId }, body.source)
    if (signer.chainId === null || body.networkId !== signer.networkId) {
      throw new GatewayError('VALIDATION_FAILED', 'The network is not the source account’s', {
        issues: [
          { path: '/networkId', message: `must be ${signer.networkId}, the network of the source account` },
        ],
      })
    }
    const session = await services.sessions.sessionFor(clientId, connectionId)
    const positions = await session.listPositions({ accountExternalId: signer.accountExternalId })
    const position = positions.find((candidate) =>
      body.stakePositionId !== undefined
        ? candidate.externalId === body.stakePositionId
        : candidate.validatorAddress.toLowerCase() === body.validatorAddress?.toLowerCase() &&
          candidate.stakeAccountAddress.toLowerCase() === body.stakeAccountAddress?.toLowerCase(),
    )
    if (!position) throw new GatewayError('POSITION_NOT_FOUND', 'Position not found')
    const amountWei = toBaseUnits(body.amount, ethDecimals)
    const details = { amountWei: amountWei.toString(), positionExternalId: position.externalId }
    // Prepared now, not while signing: the policies judge the network fee the exit is signed with.
    const transaction = await session
      .prepareUnstake(unstakeInput(signer, details))
      .catch((error: unknown) => {
        throw pointingIntoBody(error, unstakePointers(body))
      })
    return {
      action: 'signTransaction',
      signer,
      rpcRequest: decidedRequest(transaction, signer.address),
      presets: [],
      details: { ...details, transaction },
    }
  },
  async execute(session, plan) {
    const gas = decidedGas(plan.details)
    const unstake = await session.unstake({
      ...unstakeInput(plan.signer, {
        amountWei: String(plan.details.amountWei),
        positionExternalId: String(plan.details.positionExternalId),
      }),
      ...(gas === undefined ? {} : { gas }),
    })
    return {
      status: unstake.status,
      externalStatus: unstake.externalStatus,
      externalId: unstake.externalId,
      result: { unstake },
    }
  },
  async refresh(session, row) {
    const unstake = await session.getUnstake(String(row.result?.externalId))
    return { unstake, externalStatus: unstake.externalStatus }
  },
  toApi(row) {
    const body = row.body as CreateUnstakeBody
    const unstake = (row.result?.unstake ?? null) as ProviderUnstake | null
    return {
      unstakeRequest: {
        unstakeId: row.requestId,
        ...stakingRequestFields(row),
        status: unstake?.status ?? row.status,
        positionId:
          unstake?.positionExternalId ??
          (row.plan?.details as { positionExternalId?: string })?.positionExternalId ??
          null,
        amount: body.amount,
      },
      transactions: unstake?.transactions.map(stakeTransactionToApi) ?? [],
    }
  },
}
