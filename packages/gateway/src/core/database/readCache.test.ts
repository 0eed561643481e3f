import { describe, expect, it } from 'vitest'
import { cachedRead, ReadCache, rowsIn } from './readCache'
import { WriteGeneration } from './writeTracking'

describe('ReadCache', () => {
  it('answers from the cache until the next write, then reads again', async () => {
    const writes = new WriteGeneration()
    const cache = new ReadCache(writes)
    let reads = 0
    const load = async () => ++reads
    expect(await cache.read('k', load)).toBe(1)
    expect(await cache.read('k', load)).toBe(1)
    expect(await cache.read('other', load)).toBe(2)
    writes.bump()
    expect(await cache.read('k', load)).toBe(3)
    expect(cache.size).toBe(1)
  })

  it('shares a read in progress, and keeps no failure', async () => {
    const cache = new ReadCache(new WriteGeneration())
    let reads = 0
    let fail = true
    const load = async () => {
      reads++
      await new Promise((resolve) => setTimeout(resolve, 5))
      if (fail) throw new Error('database down')
      return 'rows'
    }
    const both = [cache.read('k', load), cache.read('k', load)]
    await expect(Promise.all(both)).rejects.toThrow('database down')
    expect(reads).toBe(1)
    fail = false
    expect(await cache.read('k', load)).toBe('rows')
    expect(reads).toBe(2)
  })

  it('does not keep a result read across a write for after it', async () => {
    const writes = new WriteGeneration()
    const cache = new ReadCache(writes)
    let value = 'before'
    const slow = cache.read('k', async () => {
      const seen = value
      await new Promise((resolve) => setTimeout(resolve, 5))
      return seen
    })
    value = 'after'
    writes.bump()
    expect(await slow).toBe('before')
    expect(await cache.read('k', async () => value)).toBe('after')
  })

  it('keeps at most maxWeight rows, dropping the least recently used, and never one result larger than that', async () => {
    const cache = new ReadCache(new WriteGeneration(), { maxWeight: 10 })
    const rows = (n: number) => async () => Array.from({ length: n }, (_, i) => ({ i }))
    await cache.read('a', rows(4), (value) => value.length)
    await cache.read('b', rows(4), (value) => value.length)
    await cache.read('a', rows(4), (value) => value.length)
    await cache.read('c', rows(4), (value) => value.length)
    let reloaded = false
    await cache.read('b', async () => {
      reloaded = true
      return []
    })
    expect(reloaded).toBe(true)
    await cache.read('huge', rows(11), (value) => value.length)
    expect(cache.size).toBe(3)
  })

  it('cachedRead reads straight through without a cache, and rowsIn counts nested rows', async () => {
    let reads = 0
    const load = async () => ++reads
    await cachedRead(undefined, ['k'], load)
    await cachedRead(undefined, ['k'], load)
    expect(reads).toBe(2)
    expect(rowsIn({ data: [{ accounts: [{ addresses: [{}, {}] }] }, {}], page: { next: null } })).toBe(5)
  })
})
