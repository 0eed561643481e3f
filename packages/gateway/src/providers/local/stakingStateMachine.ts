import { ProviderError } from '../../core/errors/providerErrors'
import type { PositionStatus } from '../types'

/**
 * The lifecycle of a staking position.
 *
 * | from               | event          | to        | when                                                           |
 * | ------------------ | -------------- | --------- | -------------------------------------------------------------- |
 * | `pending_approval` | `activate`     | `active`  | the stake deposit is approved by the provider and confirmed    |
 * | `pending_approval` | `reject`       | `closed`  | the provider rejects or drops the deposit; nothing was staked  |
 * | `active`           | `requestExit`  | `exiting` | an unstake of the whole position is signed                     |
 * | `exiting`          | `completeExit` | `closed`  | the stake is withdrawn back to the stake account               |
 *
 * `closed` is terminal. Every other (status, event) pair is refused with `CONFLICT`. Only `active` positions
 * are unstakeable.
 */
export const positionTransitions = {
  pending_approval: { activate: 'active', reject: 'closed' },
  active: { requestExit: 'exiting' },
  exiting: { completeExit: 'closed' },
  closed: {},
} as const satisfies Record<PositionStatus, Partial<Record<PositionEvent, PositionStatus>>>

export type PositionEvent = 'activate' | 'reject' | 'requestExit' | 'completeExit'

/** The provider's own status text for each position status (reported as `externalStatus`). */
export const positionExternalStatus: Record<PositionStatus, string> = {
  pending_approval: 'deposit_pending',
  active: 'staked',
  exiting: 'exit_requested',
  closed: 'withdrawn',
}

/** The status after `event`, or `CONFLICT` when the lifecycle does not allow it from `from`. */
export function transition(from: PositionStatus, event: PositionEvent): PositionStatus {
  const allowed: Partial<Record<PositionEvent, PositionStatus>> = positionTransitions[from]
  const to = Object.hasOwn(allowed, event) ? allowed[event] : undefined
  if (to === undefined) {
    throw new ProviderError('CONFLICT', `The position is ${from}: it cannot ${event}`, {
      from,
      event,
      allowedEvents: Object.keys(allowed),
    })
  }
  return to
}
