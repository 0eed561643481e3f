/**
 * Times each task of a describe block and prints its median as a multiple of the baseline's (JSON.parse of the
 * same text, the block's first task), measured in the same run: the machines running the bench are shared, so only
 * a ratio measured side by side says anything. vitest runs no afterAll in a bench file, so each task prints its
 * own row from its teardown, which tinybench calls once after the warmup and once after the measured run. Spread
 * what it returns into bench(): the name, the timed function and the options.
 */
export function ratioToParse(options: { iterations: number; warmupIterations: number; setup: () => void }) {
  let baseline: number | undefined
  return (name: string, run: () => void) => {
    let times: number[] = []
    let teardowns = 0
    const fn = () => {
      const start = performance.now()
      run()
      times.push(performance.now() - start)
    }
    const teardown = () => {
      const sorted = times.sort((a, b) => a - b)
      const median = sorted[sorted.length >> 1] ?? Number.NaN
      times = []
      if (++teardowns !== 2) return
      baseline ??= median
      console.log(`${(median / baseline).toFixed(2)}× JSON.parse (median ${median.toFixed(1)} ms): ${name}`)
    }
    return [name, fn, { ...options, teardown }] as const
  }
}
