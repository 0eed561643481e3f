/** Runs tasks one at a time per key (per connection), in call order. */
export type KeyedLock = <T>(key: string, task: () => Promise<T>) => Promise<T>

export function createKeyedLock(): KeyedLock {
  const tails = new Map<string, Promise<void>>()
  return async (key, task) => {
    const previous = tails.get(key) ?? Promise.resolve()
    let release!: () => void
    const current = new Promise<void>((resolve) => {
      release = resolve
    })
    const tail = previous.then(() => current)
    tails.set(key, tail)
    await previous
    try {
      return await task()
    } finally {
      release()
      if (tails.get(key) === tail) tails.delete(key)
    }
  }
}
