import { SingleBar } from 'cli-progress'

/** Progress over a list of files: a bar on an interactive terminal, nothing otherwise. */
export interface Progress {
  tick(file: string): void
  stop(): void
}

/** Fewer files than this finish before a bar would be worth drawing. */
export const PROGRESS_MIN_FILES = 20

const silent: Progress = { tick() {}, stop() {} }

/**
 * Draws the bar on stderr, and only when stderr is a terminal, so piped and CI output stays clean and stdout
 * carries nothing but results.
 */
export function createProgress(total: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY || total < PROGRESS_MIN_FILES) return silent
  const bar = new SingleBar({
    stream,
    format: 'validating [{bar}] {value}/{total} {file}',
    hideCursor: true,
    clearOnComplete: true,
  })
  bar.start(total, 0, { file: '' })
  return {
    tick: (file) => bar.increment({ file }),
    stop: () => bar.stop(),
  }
}
