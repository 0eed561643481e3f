import { describe, expect, it } from 'vitest'
import { MemoryReplayStore } from './memoryReplayStore'

const at = (ms: number) => new Date(ms)

describe('MemoryReplayStore', () => {
  it('accepts a signed request once per client, and refuses it again until it expires', async () => {
    let now = 1_000_000
    const store = new MemoryReplayStore({ now: () => now })
    await store.remember('alice', 'k1', at(now + 61_000))
    await expect(store.remember('alice', 'k1', at(now + 61_000))).rejects.toMatchObject({
      httpStatus: 401,
      code: 'JWS_REPLAYED',
    })
    // The same key under another client is another request.
    await store.remember('bob', 'k1', at(now + 61_000))
    now += 60_999
    await expect(store.remember('alice', 'k1', at(now))).rejects.toMatchObject({ code: 'JWS_REPLAYED' })
  })

  it('drops expired keys, so it holds only the requests of the accepted window', async () => {
    let now = 5_000_000
    const store = new MemoryReplayStore({ now: () => now })
    for (let i = 0; i < 100; i++) await store.remember('alice', `a${i}`, at(now + 61_000 + i * 10))
    now += 30_000
    for (let i = 0; i < 50; i++) await store.remember('alice', `b${i}`, at(now + 61_000))
    expect(store.size).toBe(150)
    now += 32_000
    await store.remember('alice', 'c', at(now + 61_000))
    expect(store.size).toBe(51)
    now += 61_001
    await store.remember('alice', 'd', at(now + 61_000))
    expect(store.size).toBe(1)
  })

  it('refuses new requests when full rather than forgetting live keys (fail closed)', async () => {
    const now = 9_000_000
    const store = new MemoryReplayStore({ now: () => now, maxEntries: 3 })
    for (const key of ['a', 'b', 'c']) await store.remember('alice', key, at(now + 61_000))
    await expect(store.remember('alice', 'd', at(now + 61_000))).rejects.toMatchObject({
      code: 'JWS_REPLAY_STORE_FULL',
    })
    await expect(store.remember('alice', 'a', at(now + 61_000))).rejects.toMatchObject({
      code: 'JWS_REPLAYED',
    })
  })
})
