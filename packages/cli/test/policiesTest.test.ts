import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import policyTestSchema from '@rampart/schemas/cli/policyTest.schema.json'
import decisionSchema from '@rampart/schemas/evaluator/decision.schema.json'
import policySchema from '@rampart/schemas/policy.schema.json'
import { describe, expect, it } from 'vitest'
import { EXIT } from '../src/exitCodes'
import type { SourceLocation } from '../src/sourceLocation'
import { momoaLocator } from './momoaLocator'
import { repoRoot, runRampartInProcess } from './runRampart'

const suite = join(repoRoot, 'fixtures/policy-tests')
const suiteFiles = readdirSync(suite).filter((name) => name.endsWith('.json'))

/**
 * The criterion families of the policy schema as the suite was written against it. Each criterion must be in the
 * schema still and be exercised by the suite in a permit and in a forbid (approvals only mean something in a
 * permit). Criteria added to the schema later join a family here when the suite covers them.
 */
const FAMILIES: Record<string, string[]> = {
  request: ['checkAction', 'checkResource', 'checkPermission'],
  principal: ['checkPrincipalId', 'checkPrincipalRole', 'checkPrincipalGroup'],
  account: [
    'checkAccountId',
    'checkAccountAddress',
    'checkAccountType',
    'checkAccountChainId',
    'checkAccountGroup',
    'checkAccountAssigned',
  ],
  source: ['checkSourceId', 'checkSourceAddress', 'checkSourceAccountType', 'checkSourceClassification'],
  destination: [
    'checkDestinationId',
    'checkDestinationAddress',
    'checkDestinationAccountType',
    'checkDestinationClassification',
    'checkRecipientIsSender',
  ],
  intent: [
    'checkIntentType',
    'checkIntentChainId',
    'checkIntentAmount',
    'checkIntentContract',
    'checkIntentToken',
    'checkIntentSpender',
    'checkIntentHexSignature',
    'checkIntentFlags',
  ],
  token: ['checkERC721TokenId', 'checkERC1155TokenId', 'checkERC1155Transfers'],
  signing: [
    'checkIntentMessage',
    'checkIntentPayload',
    'checkIntentAlgorithm',
    'checkIntentDomain',
    'checkIntentTypedDataMessage',
    'checkPermitDeadline',
  ],
  transaction: ['checkGasFeeAmount', 'checkNonceExists', 'checkNonceNotExists', 'checkUserOperationIntents'],
  entryPoint: [
    'checkEntryPointAddress',
    'checkEntryPointId',
    'checkEntryPointAccountType',
    'checkEntryPointClassification',
  ],
  time: ['checkRequestTime'],
  approvals: ['checkApprovals'],
  limits: ['checkSpendingLimit', 'checkRateLimit'],
}

interface SuiteCriterion {
  criterion: string
  args?: unknown
}

interface SuitePolicy {
  then: 'permit' | 'forbid'
  when: SuiteCriterion[]
}

const argsMember = (args: unknown, member: string): unknown =>
  typeof args === 'object' && args !== null && !Array.isArray(args)
    ? (args as Record<string, unknown>)[member]
    : undefined

/**
 * Forms of a criterion's arguments that decide differently from its plain form, so the suite must exercise each
 * on its own (in a permit and in a forbid, approvals in a permit only), named by what a policy author writes.
 */
const ARGUMENT_FORMS: Record<string, { criterion: string; uses: (args: unknown) => boolean }> = {
  'limits by role (checkSpendingLimit filters.roles)': {
    criterion: 'checkSpendingLimit',
    uses: (args) => argsMember(argsMember(args, 'filters'), 'roles') !== undefined,
  },
  'call condition sets (checkUserOperationIntents anyOf)': {
    criterion: 'checkUserOperationIntents',
    uses: (args) => argsMember(args, 'anyOf') !== undefined,
  },
  'amounts in a currency (checkIntentAmount currency)': {
    criterion: 'checkIntentAmount',
    uses: (args) => argsMember(args, 'currency') !== undefined,
  },
  'spending limits in a currency (checkSpendingLimit currency)': {
    criterion: 'checkSpendingLimit',
    uses: (args) => argsMember(args, 'currency') !== undefined,
  },
  'approval alternatives (checkApprovals anyOf)': {
    criterion: 'checkApprovals',
    uses: (args) => argsMember(args, 'anyOf') !== undefined,
  },
}

/** The suite's inline policies, file by file. */
function suitePolicies(): SuitePolicy[] {
  return suiteFiles.flatMap((name) => {
    const { policies } = JSON.parse(readFileSync(join(suite, name), 'utf8'))
    return Array.isArray(policies) ? (policies as SuitePolicy[]) : []
  })
}

/** Each criterion (or argument form) the suite's inline policies use, with the effects of the policies it is in. */
function suiteCoverage(
  keyOf: (criterion: SuiteCriterion) => string | undefined = ({ criterion }) => criterion,
): Map<string, Set<string>> {
  const coverage = new Map<string, Set<string>>()
  for (const policy of suitePolicies())
    for (const criterion of policy.when) {
      const key = keyOf(criterion)
      if (key === undefined) continue
      if (!coverage.has(key)) coverage.set(key, new Set())
      coverage.get(key)!.add(policy.then)
    }
  return coverage
}

const expectedEffects = (criterion: string) =>
  criterion === 'checkApprovals' ? ['permit'] : ['forbid', 'permit']

/** A test file in a fresh directory, and where a JSON Pointer is in it by momoa's syntax tree. */
function writeTest(doc: object): { file: string; at: (pointer: string) => SourceLocation } {
  const dir = mkdtempSync(join(tmpdir(), 'rampart-policy-test-'))
  const file = join(dir, 'case.json')
  const text = `${JSON.stringify(doc, null, 2)}\n`
  writeFileSync(file, text)
  return { file, at: momoaLocator(text) }
}

const org = join(suite, 'entities/organization.json')
const transfer = {
  method: 'eth_sendTransaction',
  params: [
    {
      from: '0x1000000000000000000000000000000000000001',
      to: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      chainId: '0x1',
      value: '0x0',
      data: '0xa9059cbb000000000000000000000000c00000000000000000000000000000000000000c0000000000000000000000000000000000000000000000000000000000000001',
    },
  ],
}
const failingTest = {
  entities: org,
  policies: [
    {
      id: 'ops-may-transfer',
      // biome-ignore lint/suspicious/noThenProperty: `then` is the policy's effect, as policy.schema.json names it.
      then: 'permit',
      when: [{ criterion: 'checkIntentType', args: ['erc20Transfer'] }],
    },
  ],
  cases: [
    {
      name: 'passes',
      request: transfer,
      principal: 'alice@suite.example',
      expect: { decision: 'Permit' },
    },
    {
      name: 'expects the wrong decision',
      request: transfer,
      principal: 'alice@suite.example',
      expect: { decision: 'Forbid', decidingPolicy: 'ops-may-transfer' },
    },
  ],
}

describe('rampart policies test', () => {
  it('expects the reason codes the library decides with, no more and no fewer', () => {
    // policyTest.schema.json is read on its own (no $ref across schemas), so it keeps a copy of the list.
    expect(policyTestSchema.$defs.Expectation.properties.reason.enum).toEqual(
      decisionSchema.$defs.Reason.properties.code.enum,
    )
  })

  it('passes every case of the shipped suite, in one process', async () => {
    const { code, stdout } = await runRampartInProcess(['policies', 'test', 'fixtures/policy-tests/*.json'])
    const cases = suiteFiles.reduce(
      (sum, name) => sum + (JSON.parse(readFileSync(join(suite, name), 'utf8')).cases?.length ?? 0),
      0,
    )
    expect(stdout.trim().split('\n').at(-1)).toBe(`${cases} passed, 0 failed`)
    expect(code).toBe(EXIT.ok)
  }, 60_000)

  it('covers every criterion family of the policy schema in a permit and in a forbid', () => {
    const schemaCriteria = new Set<string>(policySchema.$defs.Criterion.properties.criterion.enum)
    const coverage = suiteCoverage()
    for (const [family, criteria] of Object.entries(FAMILIES))
      for (const criterion of criteria) {
        expect(schemaCriteria.has(criterion), `${family}: ${criterion} is in the schema`).toBe(true)
        const effects = [...(coverage.get(criterion) ?? [])].sort()
        expect(effects, `${family}: ${criterion}`).toEqual(expectedEffects(criterion))
      }
  })

  it('covers each argument form that decides differently (roles, currencies, condition sets, alternatives) in a permit and in a forbid', () => {
    for (const [form, { criterion, uses }] of Object.entries(ARGUMENT_FORMS)) {
      const coverage = suiteCoverage((used) =>
        used.criterion === criterion && uses(used.args) ? form : undefined,
      )
      expect([...(coverage.get(form) ?? [])].sort(), form).toEqual(expectedEffects(criterion))
    }
  })

  it('reports a failed case at its file:line:col in text, and exits 1', async () => {
    const { file, at } = writeTest(failingTest)
    const FAILED_AT = at('/cases/1')
    const { code, stdout } = await runRampartInProcess(['policies', 'test', file])
    expect(code).toBe(EXIT.invalid)
    const lines = stdout.trim().split('\n')
    expect(lines[0]).toBe(
      `${file}:${FAILED_AT.line}:${FAILED_AT.column}  FAIL  expects the wrong decision (at /cases/1)`,
    )
    expect(stdout).toContain('expected Forbid, got Permit (PERMITTED')
    expect(lines.at(-1)).toBe('1 passed, 1 failed')
  })

  it('reports a failed case at its location in json, github and junit', async () => {
    const { file, at } = writeTest(failingTest)
    const FAILED_AT = at('/cases/1')
    const json = await runRampartInProcess(['policies', 'test', '--format', 'json', file])
    expect(json.code).toBe(EXIT.invalid)
    const report = JSON.parse(json.stdout)
    expect(report).toMatchObject({ passed: 1, failed: 1, malformed: [] })
    expect(report.cases[1]).toMatchObject({ file, path: '/cases/1', ...FAILED_AT, passed: false })
    expect(json.stderr).toBe('1 passed, 1 failed\n')

    const github = await runRampartInProcess(['policies', 'test', '--format', 'github', file])
    expect(github.code).toBe(EXIT.invalid)
    expect(github.stdout).toContain(
      `line=${FAILED_AT.line},col=${FAILED_AT.column},title=policy test failed%3A expects`,
    )
    expect(github.stdout.trim().split('\n').at(-1)).toBe('1 passed, 1 failed')

    const junit = await runRampartInProcess(['policies', 'test', '--format', 'junit', file])
    expect(junit.code).toBe(EXIT.invalid)
    expect(junit.stdout).toContain('tests="2" failures="1" errors="0"')
    expect(junit.stdout).toMatch(
      new RegExp(
        `name="expects the wrong decision" file="[^"]+" line="${FAILED_AT.line}">\\s*<failure message="expected Forbid, got Permit`,
      ),
    )
    expect(junit.stdout).toContain(`${file}:${FAILED_AT.line}:${FAILED_AT.column} (at /cases/1)`)
  })

  it('compares the set of approvals a decision reports with approvalAlternative', async () => {
    const { file } = writeTest({
      ...failingTest,
      policies: [
        {
          id: 'two-approvers-or-alice',
          // biome-ignore lint/suspicious/noThenProperty: `then` is the policy's effect, as policy.schema.json names it.
          then: 'permit',
          when: [
            {
              criterion: 'checkApprovals',
              args: {
                anyOf: [
                  [
                    {
                      approvalCount: 2,
                      approvalEntityType: 'userGroup',
                      entityIds: ['approvers'],
                      countPrincipal: false,
                    },
                  ],
                  [
                    {
                      approvalCount: 1,
                      approvalEntityType: 'user',
                      entityIds: ['alice@suite.example'],
                      countPrincipal: false,
                    },
                  ],
                ],
              },
            },
          ],
        },
      ],
      cases: [
        {
          ...failingTest.cases[0],
          principal: 'bob@suite.example',
          name: 'approved by alice',
          approvals: ['alice@suite.example'],
          expect: { decision: 'Permit', approvalAlternative: 1 },
        },
        {
          ...failingTest.cases[0],
          principal: 'bob@suite.example',
          name: 'nobody yet',
          expect: { decision: 'Confirm', missingApprovals: 1, approvalAlternative: 0 },
        },
      ],
    })
    const { code, stdout } = await runRampartInProcess(['policies', 'test', file])
    expect(code).toBe(EXIT.invalid)
    expect(stdout).toContain('FAIL  nobody yet (at /cases/1)\n    expected approval alternative 0, got 1\n')
    expect(stdout.trim().split('\n').at(-1)).toBe('1 passed, 1 failed')

    const plain = writeTest({
      ...failingTest,
      cases: [{ ...failingTest.cases[0], expect: { decision: 'Permit', approvalAlternative: 0 } }],
    })
    const withoutAlternatives = await runRampartInProcess(['policies', 'test', plain.file])
    expect(withoutAlternatives.stdout).toContain(
      'expected approval alternative 0, got none (the deciding policy offers no alternatives)',
    )
  })

  it('exits 2 on a malformed test file, naming file:line:col, the JSON Pointer and the allowed values', async () => {
    const { file, at } = writeTest({
      ...failingTest,
      cases: [{ ...failingTest.cases[0], expect: { decision: 'Permitted' } }],
    })
    const { line, column } = at('/cases/0/expect/decision')
    const { code, stdout } = await runRampartInProcess(['policies', 'test', file])
    expect(code).toBe(EXIT.usage)
    expect(stdout).toContain(
      `${file}:${line}:${column}  error  schema.enum  "Permitted" is not allowed, did you mean "Permit"? It must be one of: "Permit", "Forbid", "Confirm" (at /cases/0/expect/decision)`,
    )
    expect(stdout.trim().split('\n').at(-1)).toBe('0 passed, 0 failed')
  })

  it('names the member a misspelt one in a test file was meant to be', async () => {
    const { file, at } = writeTest({ ...failingTest, cases: [{ ...failingTest.cases[0], principl: 'x' }] })
    const { line, column } = at('/cases/0/principl')
    const { code, stdout } = await runRampartInProcess(['policies', 'test', file])
    expect(code).toBe(EXIT.usage)
    expect(stdout).toContain(
      `${file}:${line}:${column}  error  schema.additionalProperties  unknown member "principl" is not allowed here, did you mean "principal"? (at /cases/0/principl)`,
    )
  })

  it('exits 2 when a test file is not JSON, at the line and column of the syntax error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rampart-policy-test-'))
    const file = join(dir, 'broken.json')
    writeFileSync(file, '{\n  "entities": "x.json",\n  "cases": [,]\n}\n')
    const { code, stdout } = await runRampartInProcess(['policies', 'test', file])
    expect(code).toBe(EXIT.usage)
    expect(stdout).toMatch(new RegExp(`^${file.replaceAll('\\', '\\\\')}:3:13  error  json.syntax`))
  })

  it('exits 2 when the policies it names are invalid, at their own line and column', async () => {
    const { file, at } = writeTest({
      ...failingTest,
      policies: [
        {
          id: 'typo',
          // biome-ignore lint/suspicious/noThenProperty: `then` is the policy's effect, as policy.schema.json names it.
          then: 'permit',
          when: [{ criterion: 'checkIntentTyp', args: ['erc20Transfer'] }],
        },
      ],
    })
    const { line, column } = at('/policies/0/when/0/criterion')
    const { code, stdout } = await runRampartInProcess(['policies', 'test', file])
    expect(code).toBe(EXIT.usage)
    // One issue for the one mistake: the discriminator does not repeat it.
    expect(stdout.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${file}:${line}:${column}  error  schema.enum  "checkIntentTyp" is not allowed, did you mean "checkIntentType"\\? It must be one of: .* \\(at /policies/0/when/0/criterion\\)$`,
        ),
      ),
      '0 passed, 0 failed',
    ])
  })

  it('fails a case whose request cannot be read, with the reason, and runs the others', async () => {
    const { file } = writeTest({
      ...failingTest,
      cases: [
        failingTest.cases[0],
        { ...failingTest.cases[0], name: 'missing file', request: 'nowhere.json' },
      ],
    })
    const { code, stdout } = await runRampartInProcess(['policies', 'test', file])
    expect(code).toBe(EXIT.invalid)
    expect(stdout).toContain('FAIL  missing file (at /cases/1)')
    expect(stdout).toMatch(/request .*nowhere\.json: /)
    expect(stdout.trim().split('\n').at(-1)).toBe('1 passed, 1 failed')
  })
})
