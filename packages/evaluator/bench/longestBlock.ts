/**
 * The longest the event loop went without a turn while `work` ran: a 1 ms interval notes the time between its
 * ticks. (perf_hooks.monitorEventLoopDelay gave figures far below the blocks this sees around one long synchronous
 * call, so the bench measures the ticks itself.)
 */
export async function longestBlock<T>(work: () => T | Promise<T>): Promise<{ result: T; longest: number }> {
  let last = performance.now()
  let longest = 0
  const timer = setInterval(() => {
    const now = performance.now()
    longest = Math.max(longest, now - last)
    last = now
  }, 1)
  try {
    const result = await work()
    return { result, longest: Math.max(longest, performance.now() - last) }
  } finally {
    clearInterval(timer)
  }
}
