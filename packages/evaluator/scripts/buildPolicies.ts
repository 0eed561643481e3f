// Compiles the Rego library in policies/rampart to WASM, optimizes it with binaryen's wasm-opt and writes
// packages/evaluator/wasm/policy.wasm, and compiles the broken libraries in fixtures/policies/wasm/* that the
// fail-closed tests load (as OPA wrote them: they test what the evaluator does with OPA's own output).
// With --check it writes nothing and exits 1 when a committed WASM differs from a fresh build, so CI catches a
// library change whose artifact was not rebuilt. The build is deterministic: same sources, same bytes.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { extract } from 'tar'
import { ENTRYPOINTS, WASM_PATH } from '../src/entrypoints'

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const repoRoot = resolve(packageRoot, '../..')
const check = process.argv.includes('--check')

/** The opa binary: $OPA, then PATH, then where `go install` puts it. */
export function findOpa(): string {
  if (process.env.OPA) return process.env.OPA
  try {
    return execFileSync('sh', ['-c', 'command -v opa'], { encoding: 'utf8' }).trim()
  } catch {
    const goBin = join(homedir(), 'go', 'bin', 'opa')
    if (existsSync(goBin)) return goBin
    throw new Error('opa not found: go install github.com/open-policy-agent/opa@v1.10.1, or set OPA')
  }
}

/** Compiles the Rego under `source` (relative to the repository root) with the given entrypoints. */
export function buildWasm(source: string, entrypointNames: readonly string[]): Buffer {
  const work = mkdtempSync(join(tmpdir(), 'rampart-opa-'))
  try {
    const bundle = join(work, 'bundle.tar.gz')
    const entrypoints = entrypointNames.flatMap((entrypoint) => ['-e', entrypoint])
    // Built from the repository root with a relative path, so the bytes do not depend on the checkout's location.
    execFileSync(
      findOpa(),
      ['build', '-t', 'wasm', ...entrypoints, '--ignore', '*_test.rego', '-o', bundle, source],
      { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] },
    )
    // OPA's bundle names the module /policy.wasm; tar strips the leading slash as it extracts.
    extract({
      file: bundle,
      cwd: work,
      sync: true,
      filter: (path) => path.replace(/^\//, '') === 'policy.wasm',
    })
    return readFileSync(join(work, 'policy.wasm'))
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

/**
 * binaryen's wasm-opt, at a pinned version so that the build stays byte for byte reproducible. It runs through
 * `pnpm dlx`, so only those who build the policies download it; $WASM_OPT names another wasm-opt.
 */
const BINARYEN = 'binaryen@132.0.0'

/**
 * Optimizes a module with wasm-opt -O3. OPA emits its plan as straight-line code around calls into its C runtime;
 * binaryen inlines and simplifies across the two, which V8 does not do, and a decision takes about 8% less time.
 */
export function optimizeWasm(wasm: Buffer): Buffer {
  const work = mkdtempSync(join(tmpdir(), 'rampart-wasm-opt-'))
  try {
    const input = join(work, 'in.wasm')
    const output = join(work, 'out.wasm')
    writeFileSync(input, wasm)
    const args = ['-O3', input, '-o', output]
    const [command, commandArgs] = process.env.WASM_OPT
      ? [process.env.WASM_OPT, args]
      : ['pnpm', [`--package=${BINARYEN}`, 'dlx', 'wasm-opt', ...args]]
    execFileSync(command, commandArgs, { stdio: ['ignore', 'ignore', 'inherit'] })
    return readFileSync(output)
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

const fixturesDir = 'fixtures/policies/wasm'

/** Every artifact: the policy library, and one WASM per broken library in the fixtures. */
function artifacts(): {
  source: string
  target: string
  entrypoints: readonly string[]
  optimize?: boolean
}[] {
  const fixtures = readdirSync(join(repoRoot, fixturesDir)).map((name) => ({
    source: `${fixturesDir}/${name}`,
    target: join(repoRoot, fixturesDir, `${name}.wasm`),
    entrypoints: [ENTRYPOINTS.decision],
  }))
  return [
    {
      source: 'policies/rampart',
      target: join(packageRoot, WASM_PATH),
      entrypoints: Object.values(ENTRYPOINTS),
      optimize: true,
    },
    ...fixtures.filter((fixture) => statSync(join(repoRoot, fixture.source)).isDirectory()),
  ]
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let drifted = 0
  for (const { source, target, entrypoints, optimize } of artifacts()) {
    const built = buildWasm(source, entrypoints)
    const wasm = optimize ? optimizeWasm(built) : built
    const name = relative(repoRoot, target)
    if (check) {
      const committed = existsSync(target) ? readFileSync(target) : Buffer.alloc(0)
      if (committed.equals(wasm)) console.log(`${name} matches a fresh build of ${source}`)
      else {
        drifted++
        console.error(
          `${name} differs from a fresh build of ${source}: run pnpm policies:build and commit it`,
        )
      }
    } else {
      writeFileSync(target, wasm)
      console.log(`${name} <- ${source} (${wasm.length} bytes)`)
    }
  }
  if (drifted > 0) process.exit(1)
}
