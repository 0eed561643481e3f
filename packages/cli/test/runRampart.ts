import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { runCli } from '../src/runCli'

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))
const bin = fileURLToPath(new URL('../src/bin.ts', import.meta.url))
// Resolved here, not by name, so the binary can run from any directory.
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href

export interface RunResult {
  code: number
  stdout: string
  stderr: string
}

/**
 * Runs the real `rampart` binary from its TypeScript sources (tsx, workspace packages resolved to their sources),
 * from the repository root, so fixture paths read as they do in the README.
 */
export function runRampart(args: string[], cwd = repoRoot): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=@rampart/source', '--import', tsx, bin, ...args],
      { cwd, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0
        resolve({ code, stdout, stderr })
      },
    )
  })
}

/**
 * Runs the `rampart` command in this process, from the repository root, with its output captured: the same
 * program and exit codes as the binary, without a Node process per run. `runRampart` keeps one real spawn.
 */
export async function runRampartInProcess(args: string[], cwd = repoRoot): Promise<RunResult> {
  const stdout: string[] = []
  const stderr: string[] = []
  const writeOut = process.stdout.write
  const writeErr = process.stderr.write
  const before = process.cwd()
  process.stdout.write = ((chunk: string | Uint8Array) => stdout.push(String(chunk)) > 0) as typeof writeOut
  process.stderr.write = ((chunk: string | Uint8Array) => stderr.push(String(chunk)) > 0) as typeof writeErr
  process.chdir(cwd)
  try {
    const code = await runCli(args, 'user')
    return { code, stdout: stdout.join(''), stderr: stderr.join('') }
  } finally {
    process.stdout.write = writeOut
    process.stderr.write = writeErr
    process.chdir(before)
    process.exitCode = undefined
  }
}
