/**
 * Times each task of a describe block and prints its median as a multiple of the baseline's (JSON.parse of the
 * same text, the block's first task), measured in the same run: the machines running the bench are shared, so only
 * a ratio measured side by side says anything. vitest runs no afterAll in a bench file, so each task prints its
 * own row from its teardown, which tinybench calls once after the warmup and once after the measured run. Spread
 * what it returns into bench(): the name, the timed function and the options.
 *
 * Each row also gives the ratio of the process's CPU time (user + system, every thread, so the collector's too).
 * The tasks run one after the other, so on a loaded machine a task that ran while another process held the core
 * shows a wall-clock ratio far off (the same build gave 1.00× and 1.96× for parseEntitiesJson in two runs a minute
 * apart, at load 9 on 2 cores); time spent waiting for a core is not CPU time, so that ratio moves far less.
 */
export function ratioToParse(options: { iterations: number; warmupIterations: number; setup: () => void }) {
  let baseline: { wall: number; cpu: number } | undefined
  return (name: string, run: () => void) => {
    let wall: number[] = []
    let cpu: number[] = []
    let teardowns = 0
    const fn = () => {
      const start = performance.now()
      const startCpu = process.cpuUsage()
      run()
      const usedCpu = process.cpuUsage(startCpu)
      wall.push(performance.now() - start)
      cpu.push((usedCpu.user + usedCpu.system) / 1000)
    }
    const teardown = () => {
      const median = { wall: medianOf(wall), cpu: medianOf(cpu) }
      wall = []
      cpu = []
      if (++teardowns !== 2) return
      baseline ??= median
      console.log(
        `${(median.wall / baseline.wall).toFixed(2)}× JSON.parse (median ${median.wall.toFixed(1)} ms; CPU ` +
          `${(median.cpu / baseline.cpu).toFixed(2)}×, ${median.cpu.toFixed(1)} ms): ${name}`,
      )
    }
    return [name, fn, { ...options, teardown }] as const
  }
}

function medianOf(times: number[]): number {
  const sorted = times.sort((a, b) => a - b)
  return sorted[sorted.length >> 1] ?? Number.NaN
}
