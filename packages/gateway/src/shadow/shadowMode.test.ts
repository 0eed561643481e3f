import type { Decision } from '@rampart/evaluator'
import { refusal } from '@rampart/evaluator'
import { describe, expect, it } from 'vitest'
import type { Database } from '../core/database/openDatabase'
import { ShadowMode } from './shadowMode'
import type { ShadowSet, ShadowSets } from './shadowSets'

const live: Decision = refusal('NO_MATCHING_PERMIT', 'no permit')
const event = { clientId: 'c', source: 'evaluate' as const, input: { principal: 'p', now: 1 }, live }

describe('ShadowMode', () => {
  it('drops shadow work past 1,000 waiting decisions, saying so, and never throws into the live path', async () => {
    let release: (set: ShadowSet | null) => void = () => {}
    const gate = new Promise<ShadowSet | null>((resolve) => (release = resolve))
    const sets = { forClient: () => gate } as unknown as ShadowSets
    const failures: string[] = []
    const shadow = new ShadowMode({} as Database, sets, (_client, reason) => failures.push(reason))
    for (let i = 0; i < 1000; i++) shadow.observe(event)
    expect(failures).toEqual([])
    shadow.observe(event)
    expect(failures).toEqual(['shadow mode is behind: 1 decision(s) not decided in shadow'])
    release(null)
    await shadow.settled()
    // Caught up: observed again.
    shadow.observe(event)
    await shadow.settled()
    expect(failures).toHaveLength(1)
  })

  it('a shadow set that fails is a reported failure, not an error of the caller', async () => {
    const sets = { forClient: () => Promise.reject(new Error('database gone')) } as unknown as ShadowSets
    const failures: string[] = []
    const shadow = new ShadowMode({} as Database, sets, (_client, reason) => failures.push(reason))
    expect(() => shadow.observe(event)).not.toThrow()
    await shadow.settled()
    expect(failures).toEqual(['database gone'])
  })
})
