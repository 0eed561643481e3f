import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { entityValidatorsSource } from './entityValidatorsSource'

describe('the generated entities validators', () => {
  it('are what the schemas compile to today (pnpm --filter @rampart/entities validators:generate)', () => {
    const committed = readFileSync(new URL('./generated/entityValidators.ts', import.meta.url), 'utf8')
    expect(committed === entityValidatorsSource()).toBe(true)
  })
})
