import { describe, expect, it } from 'vitest'
import { hasWildcard, parsePath, pathKey } from './path'

describe('parsePath', () => {
  it('reads roots, keys, indices, slices and wildcards', () => {
    expect(parsePath('#.params.path.[0].to')).toEqual({
      root: '#',
      relative: false,
      text: '#.params.path.[0].to',
      steps: [
        { kind: 'key', name: 'params' },
        { kind: 'key', name: 'path' },
        { kind: 'index', index: 0 },
        { kind: 'key', name: 'to' },
      ],
    })
    expect(parsePath('path.[-20:]')?.steps.at(-1)).toEqual({ kind: 'slice', start: -20, end: undefined })
    expect(parsePath('path.[:20]')?.steps.at(-1)).toEqual({ kind: 'slice', start: undefined, end: 20 })
    expect(parsePath('pools.[-1]')?.steps.at(-1)).toEqual({ kind: 'index', index: -1 })
    expect(parsePath('recipients[0]')?.steps).toEqual([
      { kind: 'key', name: 'recipients' },
      { kind: 'index', index: 0 },
    ])
    expect(parsePath('@.value')).toMatchObject({ root: '@', relative: false })
    expect(parsePath('$.metadata.enums.mode')).toMatchObject({ root: '$', relative: false })
    expect(parsePath('amount')).toMatchObject({ root: '#', relative: true })
    expect(hasWildcard(parsePath('details.[].amount')!)).toBe(true)
  })

  it('rejects malformed paths', () => {
    for (const bad of ['', 'a.[', 'a.[x]', 'a.[1:2:3]', 'a]b', 'x'.repeat(600)])
      expect(parsePath(bad)).toBeUndefined()
  })

  it('prints canonical keys', () => {
    const path = parsePath('#.details.[].token')!
    expect(pathKey('#', path.steps)).toBe('details.[].token')
    expect(pathKey('@', parsePath('@.from')!.steps)).toBe('@.from')
  })
})
