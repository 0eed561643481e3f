/**
 * At most `limit` tasks at once; the rest wait their turn in order. One per connection, so one connection's burst
 * cannot take every socket (or the custodian's rate budget) from the others.
 */
export function createConcurrencyLimit(limit: number) {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError('The concurrency limit must be a positive integer')
  let running = 0
  const waiting: (() => void)[] = []
  const release = () => {
    running -= 1
    const next = waiting.shift()
    if (next) {
      running += 1
      next()
    }
  }
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running < limit) running += 1
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await task()
    } finally {
      release()
    }
  }
}

export type ConcurrencyLimit = ReturnType<typeof createConcurrencyLimit>
