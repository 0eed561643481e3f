import { GatewayError } from '../core/errors/gatewayError'
import type { ReplayStore } from './replayStore'

export type MemoryReplayStoreOptions = {
  /** The most keys held at once; past it, new requests are refused (fail closed) until some expire. */
  maxEntries?: number
  /** Milliseconds since the epoch. */
  now?: () => number
}

/**
 * Replay keys in this process: a map from key to expiry, and the keys grouped by the second they expire in, so
 * expired keys are dropped without scanning the live ones. Only requests whose signature verified get here, so
 * the map holds at most the requests accepted within one window (about `rate × (2 × window + 1)` keys).
 */
export class MemoryReplayStore implements ReplayStore {
  private readonly seen = new Map<string, number>()
  private readonly bySecond = new Map<number, string[]>()
  private sweptUpTo = 0
  private readonly maxEntries: number
  private readonly now: () => number

  constructor(options: MemoryReplayStoreOptions = {}) {
    this.maxEntries = options.maxEntries ?? 2_000_000
    this.now = options.now ?? Date.now
  }

  get size(): number {
    return this.seen.size
  }

  async remember(clientId: string, replayKey: string, expiresAt: Date): Promise<void> {
    const now = this.now()
    this.sweep(now)
    const key = `${clientId} ${replayKey}`
    const known = this.seen.get(key)
    if (known !== undefined && known > now)
      throw new GatewayError('JWS_REPLAYED', 'This signed request was already used')
    if (this.seen.size >= this.maxEntries) {
      throw new GatewayError(
        'JWS_REPLAY_STORE_FULL',
        'Too many signed requests within the accepted window; retry shortly',
      )
    }
    const expiry = expiresAt.getTime()
    this.seen.set(key, expiry)
    const second = Math.ceil(expiry / 1000)
    const bucket = this.bySecond.get(second)
    if (bucket) bucket.push(key)
    else this.bySecond.set(second, [key])
  }

  /** Drops the keys of every second that has fully passed (at most once per second of clock). */
  private sweep(now: number): void {
    const second = Math.floor(now / 1000)
    if (second <= this.sweptUpTo) return
    this.sweptUpTo = second
    for (const [bucketSecond, keys] of this.bySecond) {
      if (bucketSecond > second) continue
      for (const key of keys) {
        // A key seen again after expiring was re-added with a later expiry, in a later bucket: keep that one.
        const expiry = this.seen.get(key)
        if (expiry !== undefined && expiry <= now) this.seen.delete(key)
      }
      this.bySecond.delete(bucketSecond)
    }
  }
}
