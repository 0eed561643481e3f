import { describe, expect, it } from 'vitest'
import { ProviderError } from '../../core/errors/providerErrors'
import type { PositionStatus } from '../types'
import { type PositionEvent, transition } from './stakingStateMachine'

const statuses: PositionStatus[] = ['pending_approval', 'active', 'exiting', 'closed']
const events: PositionEvent[] = ['activate', 'reject', 'requestExit', 'completeExit']
const legal: Record<string, PositionStatus> = {
  'pending_approval:activate': 'active',
  'pending_approval:reject': 'closed',
  'active:requestExit': 'exiting',
  'exiting:completeExit': 'closed',
}

describe('transition', () => {
  it('follows pending_approval → active → exiting → closed', () => {
    let status: PositionStatus = 'pending_approval'
    status = transition(status, 'activate')
    status = transition(status, 'requestExit')
    status = transition(status, 'completeExit')
    expect(status).toBe('closed')
  })

  for (const from of statuses) {
    for (const event of events) {
      const to = legal[`${from}:${event}`]
      if (to) {
        it(`allows ${from} --${event}--> ${to}`, () => expect(transition(from, event)).toBe(to))
      } else {
        it(`refuses ${event} from ${from}`, () => {
          let caught: unknown
          try {
            transition(from, event)
          } catch (error) {
            caught = error
          }
          expect(caught).toBeInstanceOf(ProviderError)
          expect(caught).toMatchObject({ code: 'CONFLICT', httpStatus: 409, details: { from, event } })
        })
      }
    }
  }
})
