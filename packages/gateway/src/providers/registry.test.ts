import { describe, expect, it } from 'vitest'
import { createLocalProvider } from './local/localProvider'
import { createProviderRegistry } from './registry'

describe('createProviderRegistry', () => {
  it('finds providers by id and refuses unknown ids and duplicates', () => {
    const local = createLocalProvider()
    const registry = createProviderRegistry([local])
    expect(registry.getProvider('local')).toBe(local)
    expect(registry.has('local')).toBe(true)
    expect(registry.ids()).toEqual(['local'])
    expect(() => registry.getProvider('fireblocks')).toThrow(expect.objectContaining({ code: 'UNSUPPORTED' }))
    expect(() => registry.register(createLocalProvider())).toThrow(
      expect.objectContaining({ code: 'CONFLICT' }),
    )
  })
})
