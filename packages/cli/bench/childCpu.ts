import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

/** Clock ticks per second of /proc's times (USER_HZ): 100 on every Linux Node supports. */
const TICKS_PER_SECOND = 100

/**
 * The CPU seconds (user + system) of this process's children that have been waited for: cutime and cstime of
 * /proc/self/stat. What a process cost, however busy the machine (wall time on a shared machine is not).
 */
export function waitedChildrenCpu(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8')
  // The command name, in parentheses, may hold spaces: fields are counted after its closing one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // After the name, field 3 of stat(5) (state) is at index 0: cutime (16) and cstime (17) are at 13 and 14.
  return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND
}

export const canMeasureChildCpu = (() => {
  try {
    return Number.isFinite(waitedChildrenCpu())
  } catch {
    return false
  }
})()

/** Runs a command to its end and returns its CPU seconds; throws when it exits with a code not expected. */
export function childCpu(
  command: string,
  args: readonly string[],
  expected: readonly number[] = [0],
): number {
  const before = waitedChildrenCpu()
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  const spent = waitedChildrenCpu() - before
  if (result.status === null || !expected.includes(result.status)) {
    throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr.slice(0, 2000)}`)
  }
  return spent
}

/** CPU seconds spent by each row, run by run, to print rows side by side as ratios. */
export class CpuRows {
  private readonly rows = new Map<string, number[]>()

  add(row: string, seconds: number): void {
    if (!this.rows.has(row)) this.rows.set(row, [])
    this.rows.get(row)!.push(seconds)
  }

  /** The median of a row's runs, divided by `per` (runs that do several units of work). */
  median(row: string, per = 1): number | undefined {
    const runs = [...(this.rows.get(row) ?? [])].sort((a, b) => a - b)
    if (runs.length === 0) return undefined
    const middle = Math.floor(runs.length / 2)
    const median = runs.length % 2 ? runs[middle]! : (runs[middle - 1]! + runs[middle]!) / 2
    return median / per
  }
}
