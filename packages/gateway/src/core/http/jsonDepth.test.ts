import { describe, expect, it } from 'vitest'
import { jsonDeeperThan } from './jsonDepth'

describe('jsonDeeperThan', () => {
  it('counts arrays and objects, and nothing inside strings', () => {
    expect(jsonDeeperThan('{"a":[{"b":1}]}', 3)).toBe(false)
    expect(jsonDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true)
    expect(jsonDeeperThan('{"a":"[[[[{{{{"}', 1)).toBe(false)
    expect(jsonDeeperThan('{"a":"\\"[[[["}', 1)).toBe(false)
    expect(jsonDeeperThan('{"a":"\\\\","b":[[1]]}', 2)).toBe(true)
    expect(jsonDeeperThan('[]'.repeat(1000), 1)).toBe(false)
  })
})
