import { parseAbi } from 'viem'
import { ProviderError } from '../../core/errors/providerErrors'
import type {
  PositionSelector,
  ProviderPosition,
  ProviderStake,
  ProviderUnstake,
  StakeTransaction,
} from '../types'
import { invalidRequest } from './parseInput'
import { positionExternalStatus, transition } from './stakingStateMachine'
import type { LocalPositionRecord, LocalStakeRecord, LocalUnstakeRecord, LocalVault } from './vault'

/**
 * The local provider's staking model: a stake deposits ETH into a validator contract through its payable
 * `receive()`, opening one position; an unstake calls the contract's `withdraw(uint256 amount)` for the whole
 * position. Positions then follow the lifecycle in `stakingStateMachine.ts`.
 */
export const withdrawAbi = parseAbi(['function withdraw(uint256 amount)'])

export function createPosition(args: {
  externalId: string
  stakeExternalId: string
  networkId: string
  accountExternalId: string
  validatorAddress: string
  stakeAccountAddress: string
  amount: string
  transaction: StakeTransaction
  now: string
}): LocalPositionRecord {
  return {
    externalId: args.externalId,
    stakeExternalId: args.stakeExternalId,
    status: 'pending_approval',
    externalStatus: positionExternalStatus.pending_approval,
    networkId: args.networkId,
    accountExternalId: args.accountExternalId,
    validatorAddress: args.validatorAddress,
    stakeAccountAddress: args.stakeAccountAddress,
    amount: args.amount,
    transactions: [args.transaction],
    createdAt: args.now,
    updatedAt: args.now,
  }
}

type SelectorInput = Partial<Record<keyof PositionSelector, unknown>> & {
  positionExternalId?: unknown
  validatorAddress?: unknown
  stakeAccountAddress?: unknown
}

/**
 * Finds a position by its externalId, or by validator and stake account address (never both forms), among the
 * positions of `accountExternalId` when given.
 */
export function findPosition(
  vault: LocalVault,
  selector: SelectorInput,
  accountExternalId: string | undefined,
): LocalPositionRecord {
  const { positionExternalId, validatorAddress, stakeAccountAddress } = selector
  const byAddresses = validatorAddress !== undefined || stakeAccountAddress !== undefined
  if (positionExternalId !== undefined && byAddresses) {
    invalidRequest(
      'Give either stakePositionId, or validatorAddress and stakeAccountAddress, not both',
      '/stakePositionId',
    )
  }
  const owned = vault.positions.filter(
    (p) => accountExternalId === undefined || p.accountExternalId === accountExternalId,
  )
  let position: LocalPositionRecord | undefined
  if (positionExternalId !== undefined) {
    if (typeof positionExternalId !== 'string')
      invalidRequest('stakePositionId must be a string', '/stakePositionId')
    position = owned.find((p) => p.externalId === positionExternalId)
  } else {
    if (typeof validatorAddress !== 'string') {
      invalidRequest('validatorAddress is required without stakePositionId', '/validatorAddress')
    }
    if (typeof stakeAccountAddress !== 'string') {
      invalidRequest('stakeAccountAddress is required without stakePositionId', '/stakeAccountAddress')
    }
    const matches = owned.filter(
      (p) =>
        p.validatorAddress.toLowerCase() === validatorAddress.toLowerCase() &&
        p.stakeAccountAddress.toLowerCase() === stakeAccountAddress.toLowerCase(),
    )
    // Several positions may share the pair over time; the live one wins, then the most recent.
    position = matches.find((p) => p.status === 'active') ?? matches.at(-1)
  }
  if (!position) throw new ProviderError('NOT_FOUND', 'Position not found', { path: '/stakePositionId' })
  return position
}

/** Starts the exit of a position (active → exiting); with `check`, only verifies the move is legal. */
export function requestExit(
  position: LocalPositionRecord,
  now: string,
  transaction: StakeTransaction | undefined,
  check = false,
): void {
  const next = transition(position.status, 'requestExit')
  if (check) return
  position.status = next
  position.externalStatus = positionExternalStatus[next]
  position.updatedAt = now
  if (transaction) position.transactions.push(transaction)
}

export function positionView(position: LocalPositionRecord): ProviderPosition {
  const { stakeExternalId: _stake, createdAt: _created, updatedAt: _updated, ...view } = position
  return structuredClone(view)
}

export function stakeView(vault: LocalVault, stake: LocalStakeRecord): ProviderStake {
  const positions = stake.positionExternalIds.flatMap((id) => {
    const position = vault.positions.find((p) => p.externalId === id)
    return position ? [position] : []
  })
  const first = positions[0]
  if (!first)
    throw new ProviderError('STORAGE_CORRUPT', 'A stake lost its position', { externalId: stake.externalId })
  return {
    externalId: stake.externalId,
    status: first.status,
    externalStatus: first.externalStatus,
    networkId: stake.networkId,
    accountExternalId: stake.accountExternalId,
    amount: stake.amount,
    createdAt: stake.createdAt,
    positions: positions.map(positionView),
    transactions: structuredClone(stake.transactions),
  }
}

export function unstakeView(vault: LocalVault, unstake: LocalUnstakeRecord): ProviderUnstake {
  const position = vault.positions.find((p) => p.externalId === unstake.positionExternalId)
  if (!position) {
    throw new ProviderError('STORAGE_CORRUPT', 'An unstake lost its position', {
      externalId: unstake.externalId,
    })
  }
  return {
    externalId: unstake.externalId,
    status: position.status,
    externalStatus: position.externalStatus,
    networkId: unstake.networkId,
    accountExternalId: unstake.accountExternalId,
    positionExternalId: unstake.positionExternalId,
    amount: unstake.amount,
    createdAt: unstake.createdAt,
    transactions: structuredClone(unstake.transactions),
  }
}
