// `rampart policies replay` on a small decision log decided live here: its exit codes (0 nothing widens, 1 a
// widening, 0 with --allow-widening, 2 a malformed log), its report, and its errors at file:line:col.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { decodeRequest } from '@rampart/decoder'
import { type Entities, emptyEntities } from '@rampart/entities'
import {
  createEvaluator,
  type HistoryTransfer,
  type Policy,
  requestHistory,
  sumHistory,
} from '@rampart/evaluator'
import { beforeAll, describe, expect, it } from 'vitest'
import { runRampartInProcess } from '../../test/runRampart'
import { EXIT } from '../exitCodes'

const USDC = 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const OPERATOR = 'operator@example.com'
const FROM = '0xa000000000000000000000000000000000000001'
const NOW = Date.parse('2026-10-05T09:00:00Z') / 1000

const entities: Entities = {
  ...emptyEntities(),
  tokens: [{ id: USDC, address: USDC.slice(-42), symbol: 'USDC', chainId: 1, decimals: 6 }],
  users: [{ id: OPERATOR, role: 'member' }],
  accounts: [{ id: 'ops', address: FROM, accountType: 'eoa', chainId: 1 }],
  userAccounts: [{ userId: OPERATOR, accountId: 'ops' }],
}

/** Transfers of USDC within a daily limit per operator, in whole USDC. */
const dailyLimit = (whole: number): Policy[] => [
  {
    id: 'usdc-daily',
    // biome-ignore lint/suspicious/noThenProperty: `then` is the policy's effect, as policy.schema.json names it.
    then: 'permit',
    when: [
      { criterion: 'checkAction', args: ['signTransaction'] },
      { criterion: 'checkIntentToken', args: [USDC] },
      {
        criterion: 'checkSpendingLimit',
        args: {
          limit: String(whole * 1_000_000),
          window: { type: 'fixed', period: 'day' },
          filters: { tokens: [USDC], perPrincipal: true },
        },
      },
    ],
  } as Policy,
]

const transfer = (whole: number) => {
  const data = `0xa9059cbb${'c'.padStart(64, '0')}${(whole * 1_000_000).toString(16).padStart(64, '0')}`
  const rpc = {
    method: 'eth_sendTransaction',
    params: [{ from: FROM, to: USDC.slice(-42), chainId: 1, data }],
  }
  return decodeRequest(rpc, { chainId: 1 })
}

const dir = mkdtempSync(join(tmpdir(), 'rampart-replay-'))
const write = (name: string, content: unknown) => {
  const path = join(dir, name)
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2))
  return path
}
const entitiesFile = write('entities.json', entities)
const candidate = (whole: number) => write(`policies-${whole}.json`, dailyLimit(whole))

/**
 * Six transfers of 400 USDC on one day under a limit of 1,000 a day, decided live as the gateway decides them
 * (each with what was permitted before it): two permitted, four refused. Between them an approval entry, which
 * replay leaves aside.
 */
async function liveLog(): Promise<string[]> {
  const evaluator = await createEvaluator({ entities, policies: dailyLimit(1000) })
  const moved: HistoryTransfer[] = []
  const lines: string[] = []
  for (let seq = 0; seq < 6; seq++) {
    const decoded = transfer(400)
    const decided = evaluator.decide({
      principal: OPERATOR,
      decoded: { action: decoded.action, intent: decoded.intent as never },
      now: NOW + seq * 60,
      history: [...moved],
    })
    if (decided.decision.decision === 'Permit')
      moved.push(...requestHistory(decided.request, OPERATOR, String(seq), { [USDC]: 6 }))
    // As the gateway logs it: the evaluation request as decided, with the totals it summed for the live windows.
    const { history: had, ...request } = decided.request
    const historyTotals = sumHistory(had ?? [], [NOW - (NOW % 86_400)])
    lines.push(
      JSON.stringify({
        clientId: 'c',
        seq: lines.length + 1,
        time: new Date((NOW + seq * 60) * 1000).toISOString(),
        kind: 'decision',
        request: { kind: 'transfer', requestId: `r${seq}`, status: 'processing' },
        decided: { evaluationRequest: { ...request, historyTotals }, decision: decided.decision },
      }),
    )
    if (seq === 2)
      lines.push(
        JSON.stringify({
          clientId: 'c',
          seq: lines.length + 1,
          kind: 'approval',
          approver: { userId: OPERATOR },
        }),
      )
  }
  return lines
}

describe('rampart policies replay', () => {
  let log: string
  let lines: string[]
  beforeAll(async () => {
    lines = await liveLog()
    log = write('log.jsonl', `${lines.join('\n')}\n`)
  })
  const replay = (policies: string, ...more: string[]) =>
    runRampartInProcess([
      'policies',
      'replay',
      '--log',
      log,
      '--entities',
      entitiesFile,
      '--policies',
      policies,
      ...more,
    ])

  it('the live policies flip nothing: exit 0', async () => {
    const result = await replay(candidate(1000))
    expect(result.stderr).toBe('')
    expect(result.code).toBe(EXIT.ok)
    expect(result.stdout).toContain('Replayed 6 decisions')
    expect(result.stdout).toContain('6 unchanged, 0 flipped')
    expect(result.stdout).toContain('1 entries of other kinds')
  })

  it('leaves aside an entities.changed entry larger than 16 MiB, as an organization of 100,000 accounts logs one', async () => {
    const accounts = Array.from({ length: 60_000 }, (_, i) => ({
      id: `account-${i}`,
      address: `0x${i.toString(16).padStart(40, '0')}`,
      accountType: 'eoa',
      chainId: 1,
      padding: 'x'.repeat(250),
    }))
    const organization = JSON.stringify({
      clientId: 'c',
      seq: 0,
      kind: 'entities.changed',
      change: { entities: { accounts }, by: 'admin-api' },
    })
    expect(organization.length).toBeGreaterThan(16 * 1024 * 1024)
    const large = write('large.jsonl', `${organization}\n${lines.join('\n')}\n`)
    const result = await runRampartInProcess([
      'policies',
      'replay',
      '--log',
      large,
      '--entities',
      entitiesFile,
      '--policies',
      candidate(1000),
    ])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(EXIT.ok)
    expect(result.stdout).toContain('2 entries of other kinds')
  })

  it('a widened limit permits the four refused transfers: exit 1, or 0 with --allow-widening', async () => {
    const widened = await replay(candidate(2000), '--format', 'json')
    expect(widened.code).toBe(EXIT.invalid)
    expect(widened.stderr).toMatch(/widens 4 decision\(s\).*--allow-widening/s)
    const report = JSON.parse(widened.stdout)
    expect(report).toMatchObject({
      requests: 6,
      widened: 4,
      narrowed: 0,
      transitions: { 'Forbid→Permit': 4 },
    })
    expect(report.groups[0].examples.map((example: { id: string }) => example.id)).toEqual([
      '3',
      '5',
      '6',
      '7',
    ])
    const allowed = await replay(candidate(2000), '--allow-widening')
    expect(allowed.code).toBe(EXIT.ok)
    expect(allowed.stdout).toMatch(
      /Forbid → Permit {2}4 {2}live \(no policy\) → candidate usdc-daily \(PERMITTED\)/,
    )
  })

  it('a narrowed limit refuses the second transfer: exit 0, reported', async () => {
    const narrowed = await replay(candidate(500), '--format', 'json', '--examples', '0')
    expect(narrowed.code).toBe(EXIT.ok)
    expect(JSON.parse(narrowed.stdout)).toMatchObject({
      narrowed: 1,
      widened: 0,
      transitions: { 'Permit→Forbid': 1 },
      groups: [{ count: 1, examples: [] }],
    })
  })

  it('a malformed line is an error at its file:line:col: exit 2', async () => {
    const broken = write('broken.jsonl', `${lines[0]}\n{"seq": 1, "kind": "decision", "decided": {]\n`)
    const result = await runRampartInProcess([
      'policies',
      'replay',
      '--log',
      broken,
      '--entities',
      entitiesFile,
      '--policies',
      candidate(1000),
    ])
    expect(result.code).toBe(EXIT.usage)
    expect(result.stderr).toContain(`${broken}:2:44`)
    expect(result.stdout).toBe('')
  })

  it('a decision without its time is refused, naming it: exit 2', async () => {
    const entry = JSON.parse(lines[0] as string)
    delete entry.decided.evaluationRequest.now
    const timeless = write('timeless.jsonl', `${JSON.stringify(entry)}\n`)
    const result = await runRampartInProcess([
      'policies',
      'replay',
      '--log',
      timeless,
      '--entities',
      entitiesFile,
      '--policies',
      candidate(1000),
    ])
    expect(result.code).toBe(EXIT.usage)
    expect(result.stderr).toMatch(
      new RegExp(
        `${timeless}:1:\\d+: is required \\(unix seconds\\).*\\(at /decided/evaluationRequest/now\\)`,
      ),
    )
  })

  it('a missing log, invalid policies or a bad option are usage errors: exit 2', async () => {
    const missing = await replay(candidate(1000)).then(() =>
      runRampartInProcess([
        'policies',
        'replay',
        '--log',
        join(dir, 'none.jsonl'),
        '--entities',
        entitiesFile,
        '--policies',
        candidate(1000),
      ]),
    )
    expect(missing.code).toBe(EXIT.usage)
    expect(missing.stderr).toContain('none.jsonl')
    const invalid = write('invalid-policies.json', '[{ "id": "x", "then": "maybe", "when": [] }]')
    expect((await replay(invalid)).code).toBe(EXIT.usage)
    expect((await replay(candidate(1000), '--examples', 'many')).code).toBe(EXIT.usage)
  })
})
