// Differential test: the evaluator (index, kept candidate picks, trimmed input, verdict arrays spelled out in
// TypeScript) against the policy library deciding the same request the slow way: every policy of every set in one
// bucket with all its criteria (no index), the whole intent, and its own `report` entrypoint. Requests are random
// (seeded): decoded fixture intents, principals as user ids, credential ids, unknown ids and ids of any case,
// resources, presets in any order with repeats, approvals and history.
import { readdirSync, readFileSync } from 'node:fs'
import { loadPolicy } from '@open-policy-agent/opa-wasm'
import { decodeRequest } from '@rampart/decoder'
import { type Entities, validateEntities } from '@rampart/entities'
import { uniformInt } from 'pure-rand/distribution/uniformInt'
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus'
import { describe, expect, it } from 'vitest'
import { actionForMethod, createEvaluator, type EvaluationRequest, type Policy, type Preset } from '../src'
import { ORG, presetSet } from '../src/buildInput'
import { computeLimits } from '../src/computeLimits'
import { ENTRYPOINTS } from '../src/entrypoints'
import { evaluationState } from '../src/evaluationState'
import { idShard, libraryEntities } from '../src/libraryLayout'
import {
  ACTIONS,
  type Bucket,
  type BucketLimit,
  CRITERION_FAMILIES,
  type PreparedPolicy,
} from '../src/preparePolicies'
import { BUILTIN_PRESETS } from '../src/presets'
import { clocksFor } from '../src/requestTime'
import { entities as northwind, policies as northwindPolicies } from './northwind'

const fixtures = new URL('../../../fixtures/requests/', import.meta.url)
const read = (name: string) => JSON.parse(readFileSync(new URL(name, fixtures), 'utf8'))
const requestEntities = read('entities.json') as Entities

/** Every fixture request the decoder decodes, with its action. */
const decoded = readdirSync(fixtures)
  .filter((name) => name.endsWith('.json') && name !== 'entities.json')
  .flatMap((name) => {
    const resolution = decodeRequest(read(name).request, { entities: requestEntities })
    const action = actionForMethod(resolution.action)
    if (resolution.decoding.error || !action) return []
    return [{ name, action, intent: resolution.intent as NonNullable<EvaluationRequest['intent']> }]
  })
/**
 * The intents most requests carry and most criteria name, so that random policies often match random requests:
 * transfers with and without a sender, a batch, a user operation, a swap, a signature, an approval.
 */
const HOT = [
  'native-transfer.json',
  'erc20-transfer-usdt.json',
  'erc20-transfer-lbtc.json',
  'account-execute-batch.json',
  'user-operation-v06-verifying-paymaster.json',
  'universal-router-permit2-swap.json',
  'personal-sign-siwe.json',
  'erc20-approve-unlimited.json',
]
const hot = decoded.filter(({ name }) => HOT.includes(name))

const rng = xoroshiro128plus(0x5eed)
const int = (min: number, max: number) => uniformInt(rng, min, max)
const pick = <T>(values: readonly T[]): T => values[int(0, values.length - 1)] as T
const chance = (percent: number) => int(1, 100) <= percent
const some = <T>(values: readonly T[], most = 3): T[] =>
  Array.from({ length: int(1, most) }, () => pick(values)).filter((v, i, all) => all.indexOf(v) === i)
const anyCase = (id: string) => (chance(20) ? id.toUpperCase() : id)

/** Accounts have a chain: a message signed without one (chain 0) is filed under mainnet. */
const accountChain = (intent: { chainId: number }) => (intent.chainId > 0 ? intent.chainId : 1)
const senderId = (intent: { chainId: number; from?: string }) =>
  `Sender-${accountChain(intent)}-${intent.from}`

// The organization: Northwind, and an account at the sender of each fixture intent (ids with capitals), some in
// groups and assigned, and address-book entries for the addresses the intents pay or call.
const senders = [
  ...new Map(
    decoded.filter(({ intent }) => intent.from !== undefined).map(({ intent }) => [senderId(intent), intent]),
  ).values(),
]
const addressesOf = (intents: typeof decoded) => [
  ...new Set(
    intents.flatMap(({ intent }) =>
      [intent.from, intent.to, intent.recipient, intent.contract, intent.spender, intent.entrypoint].filter(
        (a): a is string => !!a,
      ),
    ),
  ),
]
const addresses = addressesOf(decoded)
const hotAddresses = addressesOf(hot)
/** Mostly the addresses of the hot intents. */
const someAddresses = () => some(chance(70) ? hotAddresses : addresses)
const hotSenders = [...new Set(hot.flatMap(({ intent }) => (intent.from ? [intent.from] : [])))]
const hotReceivers = [...new Set(hot.flatMap(({ intent }) => [intent.recipient ?? intent.to ?? []].flat()))]
const accountGroups = northwind.accountGroups.map((group) => group.id)
const userGroups = northwind.userGroups.map((group) => group.id)
const users = northwind.users.map((user) => user.id)
const credentials = northwind.credentials.map((credential) => credential.id)
const chains = [...new Set(decoded.map(({ intent }) => intent.chainId).filter((chain) => chain > 0))]
/** A chain id too large to be an exact number in JavaScript: the index files no policy under it. */
const HUGE_CHAIN = 2 ** 60
const entities: Entities = {
  ...northwind,
  accounts: [
    ...northwind.accounts,
    ...senders.map((intent) => ({
      id: senderId(intent),
      address: intent.from as string,
      accountType: pick(['eoa', '4337'] as const),
      chainId: accountChain(intent),
    })),
  ],
  accountGroupMembers: [
    ...northwind.accountGroupMembers,
    ...senders
      .filter(() => chance(50))
      .map((intent) => ({ accountId: senderId(intent), groupId: pick(accountGroups) })),
  ],
  userAccounts: [
    ...northwind.userAccounts,
    ...senders
      .filter(() => chance(50))
      .map((intent) => ({ userId: pick(users), accountId: senderId(intent) })),
  ],
  addressBook: [
    ...northwind.addressBook,
    ...addresses
      .filter(() => chance(50))
      .map((address, i) => ({
        id: `Party-${i}`,
        address,
        chainId: pick(chains),
        classification: pick(['counterparty', 'external', 'internal'] as const),
      })),
  ],
  tokens: [
    ...northwind.tokens,
    ...requestEntities.tokens.filter((token) => !northwind.tokens.some((known) => known.id === token.id)),
  ],
}
const accounts = entities.accounts.map((account) => account.id)
const tokens = entities.tokens.map((token) => token.id)
const selectorsOf = (intents: typeof decoded) => [
  ...new Set(intents.flatMap(({ intent }) => (intent.hexSignature ? [intent.hexSignature] : []))),
]
const typesOf = (intents: typeof decoded) => [...new Set(intents.map(({ intent }) => intent.type))]
// Ids that are properties of every JavaScript object, to catch lookups that are not own-property lookups.
const PROTOTYPE_IDS = ['constructor', '__proto__', 'toString']

const window = () =>
  chance(50)
    ? { type: 'rolling', seconds: pick([60, 3600, 86_400, 30 * 86_400]) }
    : { type: 'fixed', period: pick(['day', 'month', 'year']) }
const filters = () => {
  const all: Record<string, unknown> = {
    perPrincipal: chance(50),
    tokens: some(tokens),
    users: some(users),
    resources: some(accounts),
    destinations: some(addresses),
    chains: some(chains),
    userGroups: some(userGroups),
    accountGroups: some(accountGroups),
    roles: some(ROLES),
  }
  return Object.fromEntries(Object.entries(all).filter(() => chance(20)))
}
const amount = () => ({
  operator: pick(['lte', 'lt', 'gte', 'gt', 'eq', 'ne']),
  value: pick(['0', '1', '1000000', '100000000000000000', '5000000000000000000000']),
  ...(chance(30) ? { unit: 'token' } : {}),
})

const ROLES = ['root', 'admin', 'manager', 'member']
const ZONES = ['Europe/Zurich', 'America/New_York', 'UTC']
const requirement = () => ({
  approvalCount: int(1, 2),
  approvalEntityType: 'userGroup',
  entityIds: some(userGroups),
  countPrincipal: chance(50),
})
const timeWindow = () => {
  const from = int(0, 22)
  const window: Record<string, unknown> = { from: `${String(from).padStart(2, '0')}:00` }
  window.to = `${String(int(from + 1, 24)).padStart(2, '0')}:00`
  if (chance(70)) window.days = some(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], 5)
  return window
}

/** One random criterion, its arguments drawn from the organization and the fixture intents. */
const CRITERIA: Record<string, () => unknown> = {
  checkAction: () => some(ACTIONS),
  checkIntentType: () => some(typesOf(chance(70) ? hot : decoded)),
  checkResource: () => some([...accounts, ...PROTOTYPE_IDS]).map(anyCase),
  checkPrincipalId: () => some([...users, ...credentials, ...PROTOTYPE_IDS]).map(anyCase),
  checkPrincipalRole: () => some(['root', 'admin', 'manager', 'member']),
  checkPrincipalGroup: () => some(userGroups).map(anyCase),
  checkAccountId: () => some([...accounts, ...PROTOTYPE_IDS, 'undefined']).map(anyCase),
  checkAccountGroup: () => some(accountGroups).map(anyCase),
  checkAccountType: () => some(['eoa', '4337']),
  checkAccountChainId: () => some(chains),
  checkAccountAssigned: () => undefined,
  checkIntentChainId: () => some([...chains, HUGE_CHAIN]),
  checkSourceAddress: () => some(chance(70) ? hotSenders : addresses),
  checkSourceId: () => some(accounts),
  checkSourceAccountType: () => some(['eoa', '4337']),
  checkSourceClassification: () => some(['managed', 'counterparty', 'internal', 'external']),
  checkDestinationAddress: () => some(chance(70) ? hotReceivers : addresses),
  checkDestinationId: () => some([...accounts, ...entities.addressBook.map((entry) => entry.id)]),
  checkDestinationAccountType: () => some(['eoa', '4337']),
  checkDestinationClassification: () => some(['managed', 'counterparty', 'internal', 'external']),
  checkRecipientIsSender: () => undefined,
  checkIntentContract: someAddresses,
  checkIntentHexSignature: () => some(selectorsOf(chance(70) ? hot : decoded)),
  checkIntentToken: () => some(tokens),
  checkIntentSpender: someAddresses,
  checkIntentAmount: amount,
  checkIntentFlags: () => some(['delegatecall', 'zeroConsideration', 'accountDeployment', 'safeGasRefund']),
  checkGasFeeAmount: () => ({ operator: pick(['gt', 'lte']), value: pick(['0', '1000000000000000']) }),
  checkNonceExists: () => undefined,
  checkNonceNotExists: () => undefined,
  checkUserOperationIntents: () =>
    chance(70)
      ? some([
          'checkDestinationAddress',
          'checkRecipientIsSender',
          'checkIntentContract',
          'checkIntentType',
        ]).map((name) => criterion(name))
      : {
          anyOf: Array.from({ length: int(1, 3) }, () => ({
            types: some(typesOf(hot)),
            ...(chance(60)
              ? {
                  when: some(['checkIntentAmount', 'checkIntentToken', 'checkRecipientIsSender']).map(
                    (name) => criterion(name),
                  ),
                }
              : {}),
          })),
        },
  checkEntryPointAddress: someAddresses,
  checkEntryPointId: () => some([...accounts, ...entities.addressBook.map((entry) => entry.id)]),
  checkEntryPointAccountType: () => some(['eoa', '4337']),
  checkEntryPointClassification: () => some(['managed', 'counterparty', 'internal', 'external']),
  checkRequestTime: () => ({
    timeZone: pick(ZONES),
    [chance(50) ? 'within' : 'outside']: Array.from({ length: int(1, 2) }, timeWindow),
  }),
  checkSpendingLimit: () => ({
    limit: pick(['0', '1000000', '10000000000000000000']),
    window: window(),
    filters: filters(),
  }),
  checkRateLimit: () => ({
    limit: int(0, 3),
    operator: pick(['lte', 'lt']),
    window: window(),
    filters: filters(),
  }),
  checkApprovals: () =>
    chance(70)
      ? [requirement()]
      : { anyOf: Array.from({ length: int(2, 3) }, () => Array.from({ length: int(1, 2) }, requirement)) },
}
function criterion(name: string) {
  const args = (CRITERIA[name] as () => unknown)()
  return args === undefined ? { criterion: name } : { criterion: name, args }
}
const names = Object.keys(CRITERIA)
function randomPolicies(prefix: string, count: number): Policy[] {
  return Array.from({ length: count }, (_, i) => {
    const when = [...new Set(Array.from({ length: chance(50) ? 1 : int(2, 3) }, () => pick(names)))].map(
      criterion,
    )
    const effect = chance(25) ? 'forbid' : 'permit'
    // Many permits ask for approvals, so that requests meet permits with approvals missing and given.
    if (effect === 'permit' && chance(30)) when.push(criterion('checkApprovals'))
    // biome-ignore lint/suspicious/noThenProperty: `then` is the policy's effect, as policy.schema.json names it.
    return { id: `${prefix}-${i}`, then: effect, when } as Policy
  })
}

function randomRequest(now: number): EvaluationRequest {
  const { action, intent } = chance(90)
    ? pick(chance(70) ? hot : decoded)
    : { action: pick(ACTIONS), intent: undefined }
  const sender = intent?.from === undefined ? undefined : senderId(intent)
  const resource = pick([
    sender,
    sender,
    pick(accounts),
    pick(accounts),
    'no-such-account',
    pick(PROTOTYPE_IDS),
    undefined,
  ])
  let requestIntent = intent
  if (intent && chance(20)) requestIntent = { ...intent, chainId: pick([...chains, HUGE_CHAIN]) }
  const history = Array.from({ length: int(0, 4) }, () => ({
    amount: pick(['1', '1000000', '999999999999999999999999999999']),
    timestamp: now - pick([0, 1, 59, 3600, 86_400, 40 * 86_400, 400 * 86_400]),
    ...(chance(70) ? { token: pick(tokens) } : {}),
    ...(chance(70) ? { principal: pick(users) } : {}),
    ...(chance(70) ? { resource: pick(accounts) } : {}),
    ...(chance(50) ? { to: pick(addresses) } : {}),
    ...(chance(50) ? { chainId: pick(chains) } : {}),
  }))
  return {
    action: chance(80) ? action : pick(ACTIONS),
    principal: anyCase(pick([...users, ...users, ...credentials, 'nobody@example.com', ...PROTOTYPE_IDS])),
    ...(resource === undefined ? {} : { resource: anyCase(resource) }),
    ...(requestIntent ? { intent: requestIntent } : {}),
    ...(chance(30) ? { approvals: some([...users, ...credentials], 4).map(anyCase) } : {}),
    ...(history.length > 0 ? { history } : {}),
    ...(chance(10) ? { permissions: ['read'] } : {}),
    ...(chance(10) ? { payload: '0xdeadbeef', algorithm: 'secp256k1_ecdsa' } : {}),
    now,
  } as EvaluationRequest
}

const lower = (value: string) => value.toLowerCase()
/** The criteria on what one call does, which a forbid also judges on each call of a batch. */
const ON_CALL = new Set([
  'checkRecipientIsSender',
  'checkIntentType',
  'checkIntentAmount',
  'checkIntentContract',
  'checkIntentToken',
  'checkIntentSpender',
  'checkIntentHexSignature',
  'checkIntentFlags',
  'checkDestinationAddress',
  'checkDestinationId',
  'checkDestinationClassification',
  'checkDestinationAccountType',
  'checkERC721TokenId',
  'checkERC1155TokenId',
  'checkPermitDeadline',
])
/** The call criteria that, in a forbid, one allowance, transfer or time bound of a call meets. */
const ANY_ONE = new Set([
  'checkIntentAmount',
  'checkIntentToken',
  'checkERC721TokenId',
  'checkERC1155TokenId',
  'checkPermitDeadline',
])

const own = <T>(record: Record<string, T>, key: string) =>
  Object.hasOwn(record, key) ? record[key] : undefined

/**
 * The reference: the policy library loaded with every policy of each set in a single bucket, all its criteria
 * (checkAction and checkIntentType included) left to check, and the whole request as input.
 */
async function referenceOf(data: { entities: Entities; policies: Policy[]; presets: readonly Preset[] }) {
  const state = evaluationState(data)
  const sets: Record<string, unknown> = {}
  const buckets: Record<string, Bucket> = {}
  for (const [name, set] of Object.entries(state.sets)) {
    // evaluationState lays each set out without empty slots: the policies in order, one slot each.
    const setPolicies = set.policies as PreparedPolicy[]
    const limits: BucketLimit[] = []
    const policies: unknown[] = setPolicies.map((policy, p) => [
      p,
      policy.when.flatMap((c, index) => {
        const kind = c.criterion
        if (kind === 'checkApprovals') return []
        const family =
          kind === 'checkAction'
            ? 'request'
            : kind === 'checkIntentType'
              ? 'intent'
              : CRITERION_FAMILIES[kind]
        const args = (c as { args?: unknown }).args ?? null
        // In a forbid, a gas fee criterion also holds when a request that pays gas has no known fee.
        if ((kind === 'checkGasFeeAmount' || kind === 'checkRequestTime') && policy.then === 'forbid')
          return [[family, `orUnknown:${kind}`, args]]
        if (kind !== 'checkSpendingLimit' && kind !== 'checkRateLimit') return [[family, kind, args]]
        const k = `${name}/${p}/${index}`
        limits.push({ k, a: args as BucketLimit['a'] })
        return [[family, kind, { ...(args as object), key: k }]]
      }),
    ])
    // A forbid on what a call does also meets a batch or user operation when one call inside does all of it.
    setPolicies.forEach((policy, p) => {
      const onCall = policy.when.filter((c) => ON_CALL.has(c.criterion))
      if (policy.then !== 'forbid' || onCall.length === 0) return
      const rest = (policies[p] as [number, [string, string, unknown][]])[1].filter(
        ([, kind]) => !ON_CALL.has(kind),
      )
      const inner = onCall.map((c) =>
        ANY_ONE.has(c.criterion) ? { ...c, criterion: `anyAllowance:${c.criterion}` } : c,
      )
      policies.push([
        p,
        [
          ...rest,
          ['intent', 'checkIntentType', ['batch', 'userOperation']],
          ['user_operation', 'someCall', inner],
        ],
      ])
    })
    buckets[name] = { id: 'all', policies: policies as Bucket['policies'], limits, intentFields: [] }
    sets[name] = { policies: set.policies, buckets: { all: policies } }
  }
  const library = await loadPolicy(readFileSync(new URL('../wasm/policy.wasm', import.meta.url)))
  library.setData({ entities: libraryEntities(state.entities), sets })
  return (request: EvaluationRequest, presets: string[]) => {
    const principal = lower(request.principal)
    const userId = own(state.entities.users, principal)
      ? principal
      : own(state.entities.credentials, principal)
    const names = [ORG, ...presets.map(presetSet)]
    const input = {
      ...request,
      principal,
      resource: request.resource === undefined ? undefined : lower(request.resource),
      accountShard: request.resource === undefined ? undefined : idShard(lower(request.resource)),
      approvals: request.approvals?.map(lower),
      history: undefined,
      now: undefined,
      sets: names,
      buckets: Object.fromEntries(names.map((name) => [name, ['all']])),
      clock: clocksFor(ZONES, request.now as number),
      limits: computeLimits(
        request,
        names.map((name) => buckets[name] as Bucket),
        state.entities,
        userId,
        request.now as number,
      ),
    }
    return library.evaluate(input, ENTRYPOINTS.report)[0]?.result
  }
}

/** A round's policy data: few policies, so that an optional field often goes unread and is left out. */
function randomData(round: number) {
  const randomPresets = [0, 1].map((n) => ({
    id: `random-${n}`,
    name: `Random ${n}`,
    description: 'Random policies',
    policies: randomPolicies(`preset-${round}-${n}`, int(1, 6)),
  })) as Preset[]
  const own = randomPolicies(`org-${round}`, int(1, 10))
  return {
    entities,
    policies: round === 0 ? [...northwindPolicies, ...own] : own,
    presets: [...BUILTIN_PRESETS, ...randomPresets],
  }
}

describe('the evaluator decides as the policy library does without index, kept picks or trimming', () => {
  // About 8,000 requests, each decided twice: a few seconds, more on a busy machine.
  it('on random requests, presets and approvals, round after round of update()', async () => {
    expect(validateEntities(entities).issues.filter((issue) => issue.severity === 'error')).toEqual([])
    const presetIds = [...BUILTIN_PRESETS.map((preset) => preset.id), 'random-0', 'random-1']
    const first = randomData(0)
    const evaluator = await createEvaluator(first)
    const decisions = new Set<string>()
    for (let round = 0; round < 24; round++) {
      const data = round === 0 ? first : randomData(round)
      if (round > 0) evaluator.update(data)
      const reference = await referenceOf(data)
      for (let n = 0; n < 350; n++) {
        const now = Date.UTC(2024, int(0, 11), int(1, 29), int(0, 23)) / 1000 + int(-2, 2)
        const request = randomRequest(now)
        const requested = chance(40) ? Array.from({ length: int(1, 3) }, () => pick(presetIds)) : []
        const decision = evaluator.evaluate(request, { presets: requested })
        const expected = reference(request, requested)
        decisions.add(`${decision.decision} ${decision.reason.code}`)
        if (decision.approvals.alternatives) decisions.add('approval alternatives')
        if (JSON.stringify(decision) !== JSON.stringify(expected))
          expect({ round, request, requested, decision }).toEqual({
            round,
            request,
            requested,
            decision: expected,
          })
      }
    }
    // Every kind of outcome came up, so the comparison covered them.
    expect([...decisions].sort()).toEqual([
      'Confirm APPROVALS_MISSING',
      'Forbid FORBIDDEN_BY_POLICY',
      'Forbid NO_MATCHING_PERMIT',
      'Forbid UNKNOWN_PRINCIPAL',
      'Forbid UNKNOWN_RESOURCE',
      'Permit PERMITTED',
      'approval alternatives',
    ])
  }, 30_000)
})
