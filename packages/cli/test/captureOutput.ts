import { afterEach, vi } from 'vitest'

/**
 * Collects what a command writes to stdout and stderr while it runs in-process. Registers the restore of both
 * streams after each test of the file that calls it at the top level or inside a test.
 */
export function captureOutput(): { out: string[]; err: string[] } {
  const out: string[] = []
  const err: string[] = []
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0)
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => err.push(String(chunk)) > 0)
  return { out, err }
}

afterEach(() => vi.restoreAllMocks())
