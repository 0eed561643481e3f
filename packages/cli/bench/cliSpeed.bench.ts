// Issue #18's rows: what the built `rampart` binary costs in CPU beside ajv-cli on the same files and schema, and
// `rampart policies test` beside one `rampart evaluate` process per case. CPU time of the child processes, not
// wall time: the machines these run on are shared. Each row prints its ratio to its baseline.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { bench, describe } from 'vitest'
import { CpuRows, canMeasureChildCpu, childCpu } from './childCpu'

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))
const rampart = join(repoRoot, 'packages/cli/dist/bin.js')
const ajvCli = join(createRequire(import.meta.url).resolve('ajv-cli/package.json'), '../dist/index.js')
const schema = join(repoRoot, 'schemas/entities/entities.schema.json')
const built = existsSync(rampart)
if (!built) console.warn(`cliSpeed.bench: ${rampart} is missing; run pnpm build first. Rows skipped.`)
if (!canMeasureChildCpu) console.warn('cliSpeed.bench: /proc/self/stat is not readable here. Rows skipped.')
const runs = built && canMeasureChildCpu

/** A small whole organization: one user, one account, the user assigned to it. */
const SMALL = {
  users: [{ id: 'alice@example.com', role: 'admin' }],
  userGroups: [],
  userGroupMembers: [],
  userAccounts: [
    { userId: 'alice@example.com', accountId: 'eip155:1:0x1000000000000000000000000000000000000001' },
  ],
  credentials: [],
  accounts: [
    {
      id: 'eip155:1:0x1000000000000000000000000000000000000001',
      address: '0x1000000000000000000000000000000000000001',
      accountType: 'eoa',
      chainId: 1,
    },
  ],
  accountGroups: [],
  accountGroupMembers: [],
  tokens: [],
  addressBook: [],
}
const FILES = 1000
const dir = mkdtempSync(join(tmpdir(), 'rampart-cli-speed-'))
const one = join(dir, 'small.json')
const many = join(dir, 'many')
if (runs) {
  writeFileSync(one, JSON.stringify(SMALL, null, 2))
  mkdirSync(many)
  for (let k = 0; k < FILES; k++) writeFileSync(join(many, `org-${k}.json`), JSON.stringify(SMALL, null, 2))
}
const ajv = (data: string) => [
  ajvCli,
  'validate',
  '--spec=draft2020',
  '--strict=false',
  '-s',
  schema,
  '-d',
  data,
]
const validate = (files: string) => [rampart, 'entities', 'validate', '--kind', 'full', files]

const cpu = new CpuRows()
const options = { iterations: 5, warmupIterations: 0, time: 0, warmupTime: 0 }
const ratio = (row: string, baseline: string, per = 1, basePer = 1) => {
  const a = cpu.median(row, per)
  const b = cpu.median(baseline, basePer)
  if (a === undefined || b === undefined) return
  console.log(`${row}: ${a.toFixed(3)} s CPU, ${(a / b).toPrecision(2)}x ${baseline} (${b.toFixed(3)} s)`)
}

describe.skipIf(!runs)('rampart entities validate vs ajv-cli: CPU time of the process', () => {
  bench(
    'ajv-cli validate, 1 small file',
    () => cpu.add('ajv 1', childCpu(process.execPath, ajv(one))),
    options,
  )
  bench(
    'rampart entities validate, 1 small file',
    () => cpu.add('rampart 1', childCpu(process.execPath, validate(one))),
    { ...options, teardown: () => ratio('rampart 1', 'ajv 1') },
  )
  const long = { iterations: 2, warmupIterations: 0, time: 0, warmupTime: 0 }
  bench(
    `ajv-cli validate, ${FILES} files`,
    () => cpu.add('ajv many', childCpu(process.execPath, ajv(`${many}/*.json`))),
    long,
  )
  bench(
    `rampart entities validate, ${FILES} files`,
    () => cpu.add('rampart many', childCpu(process.execPath, validate(`${many}/*.json`))),
    { ...long, teardown: () => ratio('rampart many', 'ajv many') },
  )
})

interface SuiteCase {
  request: unknown
  principal?: string
  approvals?: string[]
  history?: unknown[]
  now?: number
  chainId?: number
}

/**
 * `rampart evaluate` argument lists for a sample of the shipped suite's cases (the first of each file with inline
 * policies and requests): one process per case is what running the suite without `policies test` costs.
 */
function evaluateSample(): string[][] {
  const suite = join(repoRoot, 'fixtures/policy-tests')
  const sample: string[][] = []
  for (const name of readdirSync(suite).filter((file) => file.endsWith('.json'))) {
    const test = JSON.parse(readFileSync(join(suite, name), 'utf8'))
    if (!Array.isArray(test.policies)) continue
    const policies = join(dir, `${name}.policies.json`)
    writeFileSync(policies, JSON.stringify(test.policies))
    const testCase = test.cases[0] as SuiteCase
    // A case names its request inline or as a file relative to the test file (fixtures/requests/...).
    const request =
      typeof testCase.request === 'string'
        ? resolve(suite, testCase.request)
        : join(dir, `${name}.request.json`)
    if (typeof testCase.request !== 'string') writeFileSync(request, JSON.stringify(testCase.request))
    const args = [rampart, 'evaluate', '--entities', join(suite, test.entities), '--policies', policies]
    if (testCase.principal) args.push('--principal', testCase.principal)
    for (const approval of testCase.approvals ?? []) args.push('--approval', approval)
    if (testCase.now !== undefined) args.push('--now', String(testCase.now))
    if (testCase.chainId !== undefined) args.push('--chain-id', String(testCase.chainId))
    if (testCase.history) {
      const history = join(dir, `${name}.history.json`)
      writeFileSync(history, JSON.stringify(testCase.history))
      args.push('--history', history)
    }
    sample.push([...args, request])
  }
  // Each process costs about a second of CPU: five say what one costs, and keep the bench short.
  return sample.slice(0, 5)
}

const suiteCases = () =>
  readdirSync(join(repoRoot, 'fixtures/policy-tests'))
    .filter((file) => file.endsWith('.json'))
    .reduce(
      (sum, file) =>
        sum + JSON.parse(readFileSync(join(repoRoot, 'fixtures/policy-tests', file), 'utf8')).cases.length,
      0,
    )

describe.skipIf(!runs)('rampart policies test vs one rampart evaluate per case: CPU time per case', () => {
  const sample = runs ? evaluateSample() : []
  const cases = runs ? suiteCases() : 0
  const few = { iterations: 1, warmupIterations: 0, time: 0, warmupTime: 0 }
  bench(
    `rampart evaluate, one process per case (${sample.length} cases of the suite)`,
    () => {
      let spent = 0
      // Permit, Forbid and Confirm exit 0, 3 and 4: each is a decision.
      for (const args of sample) spent += childCpu(process.execPath, args, [0, 3, 4])
      cpu.add('evaluate per case', spent / sample.length)
    },
    few,
  )
  bench(
    `rampart policies test, the shipped suite in one process (${cases} cases)`,
    () =>
      cpu.add(
        'policies test per case',
        childCpu(process.execPath, [
          rampart,
          'policies',
          'test',
          join(repoRoot, 'fixtures/policy-tests/*.json'),
        ]) / cases,
      ),
    { ...few, teardown: () => ratio('policies test per case', 'evaluate per case') },
  )
})
