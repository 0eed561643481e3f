// One decision rule, four doors: every request of fixtures/requests and fixtures/decoder-errors is decided by the
// library (Evaluator.decide), the `rampart evaluate` command, POST /evaluate and the signing pipeline, with the same
// entities and policies, and all four give the same decision, reason and deciding policy. A request the signing
// routes cannot take (a method they do not serve, a chain the connection has no account on) is compared through the
// other three; one their body schema refuses is refused there with a 4xx, and nothing is signed.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { decodeRequest } from '@rampart/decoder'
import { createEvaluator, type Decision, type Evaluator, type Policy } from '@rampart/evaluator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// The command as its users run it; imported from its source, as the gateway does not depend on the CLI.
import { createProgram } from '../../cli/src/index'
import { policy, testAddress } from './support/signingClient'
import { useSigningGateway } from './support/useTestGateway'

const PRINCIPAL = 'alice-key'
const APPROVALS = ['erc20Approve', 'erc20IncreaseAllowance', 'permit', 'permit2Approve', 'erc721Approve']
const policies = [
  policy('forbid-approvals', 'forbid', [{ criterion: 'checkIntentType', args: APPROVALS }]),
  policy('forbid-polygon-typed-data', 'forbid', [
    { criterion: 'checkAction', args: ['signTypedData'] },
    { criterion: 'checkIntentChainId', args: [137] },
  ]),
  policy('transfers-need-bob', 'permit', [
    { criterion: 'checkIntentType', args: ['erc20Transfer', 'erc20TransferFrom'] },
    {
      criterion: 'checkApprovals',
      args: [{ approvalCount: 1, approvalEntityType: 'user', entityIds: ['bob'], countPrincipal: false }],
    },
  ]),
  policy('permit-signing', 'permit', [
    {
      criterion: 'checkAction',
      args: ['signTransaction', 'signMessage', 'signTypedData', 'signUserOperation'],
    },
    {
      criterion: 'checkIntentType',
      args: ['nativeTransfer', 'contractCall', 'batch', 'swap', 'signMessage', 'signIn', 'signTypedData'],
    },
  ]),
]

type Fixture = { file: string; request: { method?: string; params?: unknown[] } }
const dir = (name: string) => new URL(`../../../fixtures/${name}/`, import.meta.url)
const read = (folder: string, file: string) => JSON.parse(readFileSync(new URL(file, dir(folder)), 'utf8'))
const fixtures: Fixture[] = [
  ...readdirSync(dir('requests'))
    .filter((file) => file.endsWith('.json') && file !== 'entities.json')
    .map((file) => ({ file: `requests/${file}`, request: read('requests', file).request })),
  ...readdirSync(dir('decoder-errors'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => ({ file: `decoder-errors/${file}`, request: read('decoder-errors', file).request })),
]

/** The address that signs a request, by method (the sender, the signing address, the smart account). */
function signerOf(request: Fixture['request']): string | undefined {
  const params = Array.isArray(request?.params) ? request.params : []
  const first = params[0] as Record<string, unknown> | undefined
  const candidate =
    request?.method === 'personal_sign'
      ? params[1]
      : request?.method === 'eth_signTypedData_v4'
        ? params[0]
        : (first?.from ?? first?.sender)
  return typeof candidate === 'string' && /^0x[0-9a-fA-F]{40}$/.test(candidate) ? candidate : undefined
}

/**
 * The request as the gateway's test connection would sign it: its signer replaced by the connection's address
 * everywhere it appears, and a transaction's gas, fees and nonce set, as the pipeline decides a transaction with them.
 */
function asTestSigner(request: Fixture['request']): Fixture['request'] {
  const signer = signerOf(request)
  const text = JSON.stringify(request)
  const swapped = JSON.parse(signer ? text.replaceAll(new RegExp(signer, 'gi'), testAddress) : text)
  if (swapped?.method !== 'eth_sendTransaction' || typeof swapped.params?.[0] !== 'object') return swapped
  const tx = swapped.params[0]
  // A transaction that names no sender is signed by the account it is sent through: the pipeline names it.
  tx.from ??= testAddress
  tx.gas ??= '0x30d40'
  tx.nonce ??= '0x7'
  if (tx.gasPrice === undefined) {
    tx.maxFeePerGas ??= '0x77359400'
    tx.maxPriorityFeePerGas ??= '0x3b9aca00'
  }
  return swapped
}

type Outcome = Pick<Decision, 'decision' | 'decidingPolicy'> & { code: Decision['reason']['code'] }
const outcome = (decision: Decision): Outcome => ({
  decision: decision.decision,
  code: decision.reason.code,
  decidingPolicy: decision.decidingPolicy,
})

const setup = useSigningGateway({ policies })
let evaluator: Evaluator
let files: { entities: string; policies: string; dir: string }
/** The connection's account on each EVM chain. */
const accountOnChain = new Map<number, string>()

beforeAll(async () => {
  evaluator = await createEvaluator({
    entities: setup.entities as never,
    policies: policies as unknown as Policy[],
  })
  const folder = mkdtempSync(join(tmpdir(), 'rampart-differential-'))
  files = { entities: join(folder, 'entities.json'), policies: join(folder, 'policies.json'), dir: folder }
  writeFileSync(files.entities, JSON.stringify(setup.entities))
  writeFileSync(files.policies, JSON.stringify(policies))
  const networks = (await setup.call('GET', '/v1/provider/networks?limit=100')).json().data as {
    networkId: string
    evmChainId: number | null
  }[]
  for (const { networkId, evmChainId } of networks) {
    const account = setup.accounts[networkId]
    if (account && evmChainId) accountOnChain.set(evmChainId, account)
  }
})

function byLibrary(request: unknown): Outcome {
  const decoded = decodeRequest(request, { entities: evaluator.entities })
  return outcome(evaluator.decide({ principal: PRINCIPAL, decoded }).decision)
}

async function byCli(request: unknown, name: string): Promise<Outcome> {
  const file = join(files.dir, name.replace('/', '-'))
  writeFileSync(file, JSON.stringify(request))
  const printed: string[] = []
  const write = process.stdout.write
  const exitCode = process.exitCode
  process.stdout.write = ((chunk: string) => printed.push(chunk) > 0) as typeof process.stdout.write
  try {
    const args = ['evaluate', file, '--entities', files.entities, '--policies', files.policies]
    await createProgram().parseAsync([...args, '--principal', PRINCIPAL], { from: 'user' })
  } finally {
    process.stdout.write = write
    process.exitCode = exitCode
  }
  return outcome(JSON.parse(printed.join('')))
}

/** The decision of POST /evaluate, or the status of a body its schema refuses (a request that is no object). */
async function byEvaluateRoute(request: unknown): Promise<Outcome | { status: number }> {
  const response = await setup.call('POST', '/evaluate', { request })
  if (response.statusCode !== 200) return { status: response.statusCode }
  return outcome(response.json().data.attestation.decision)
}

/**
 * The same decision as the library's, or a refusal at the door: a 4xx naming what the body schema cannot take (never
 * a 5xx), for a request the library refuses too.
 */
function expectAlike(door: Outcome | { status: number }, library: Outcome, name: string): void {
  if (!('status' in door)) {
    expect(door, name).toEqual(library)
    decidedAlike.push(`${name} ${library.decision}`)
    return
  }
  expect(door.status, name).toBeGreaterThanOrEqual(400)
  expect(door.status, name).toBeLessThan(500)
  expect(library.decision, name).toBe('Forbid')
}

let idempotence = 0
/** What each door decided like the library, to check the comparison covers every door and every decision. */
const decidedAlike: string[] = []

/** The signing route's body for the request, or undefined when no route signs it (through this connection). */
function signingCall(
  request: Fixture['request'],
): { url: string; body: Record<string, unknown> } | undefined {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) return undefined
  const params = (Array.isArray(request.params) ? request.params : []) as unknown[]
  const idempotenceId = `differential-${++idempotence}`
  const source = (chainId: number) => {
    const id = accountOnChain.get(chainId)
    return id === undefined ? undefined : { type: 'account', id }
  }
  if (request.method === 'personal_sign' && typeof params[0] === 'string') {
    const mainnet = source(1)
    return (
      mainnet && {
        url: '/v1/provider/evm/sign-message',
        body: { data: params[0], source: mainnet, idempotenceId },
      }
    )
  }
  if (request.method === 'eth_signTypedData_v4' && params[1] !== undefined) {
    const data = typeof params[1] === 'string' ? JSON.parse(params[1]) : params[1]
    const mainnet = source(1)
    return (
      mainnet && { url: '/v1/provider/evm/sign-typed-data', body: { data, source: mainnet, idempotenceId } }
    )
  }
  const tx = params[0] as Record<string, string | undefined> | undefined
  if (request.method !== 'eth_sendTransaction' || typeof tx !== 'object' || tx === null) return undefined
  // The send-transaction body has `data` alone: a request with both `data` and `input` has no body form.
  if (tx.data !== undefined && tx.input !== undefined) return undefined
  const chainId = Number(tx.chainId ?? '0x1')
  const account = source(chainId)
  // Hex quantities as the body's decimal strings; anything else as it is, for the body schema to judge.
  const decimal = (hex: string | undefined) =>
    hex === undefined ? undefined : /^0x[0-9a-fA-F]+$/.test(hex) ? BigInt(hex).toString() : hex
  return (
    account && {
      url: '/v1/provider/evm/send-transaction',
      body: {
        transactionRequest: {
          chainId,
          from: tx.from,
          to: tx.to ?? null,
          value: decimal(tx.value) ?? '0',
          data: tx.data ?? tx.input ?? null,
          gasLimit: decimal(tx.gas),
          ...(tx.gasPrice === undefined
            ? {
                maxFeePerGas: decimal(tx.maxFeePerGas),
                maxPriorityFeePerGas: decimal(tx.maxPriorityFeePerGas),
              }
            : { gasPrice: decimal(tx.gasPrice) }),
          nonce: Number(decimal(tx.nonce)),
        },
        source: account,
        idempotenceId,
      },
    }
  )
}

/** The pipeline's decision, or the status of a body its schema refuses. */
async function byPipeline(call: { url: string; body: unknown }): Promise<Outcome | { status: number }> {
  const response = await setup.call('POST', call.url, call.body)
  const json = response.json()
  if (response.statusCode === 403) return outcome(json.context.evaluation.decision)
  if (response.statusCode === 201) {
    const record = Object.values(json.data).find(
      (value): value is { evaluation: { decision: Decision } } =>
        typeof value === 'object' && value !== null && 'evaluation' in value,
    )
    return outcome(record!.evaluation.decision)
  }
  return { status: response.statusCode }
}

describe('the library, the CLI, POST /evaluate and the signing pipeline decide alike', () => {
  afterAll(() => {
    // Permits, confirms and forbids each went through /evaluate and the pipeline, and decided alike.
    const count = (what: string) => decidedAlike.filter((entry) => entry === what).length
    const least = { Permit: 10, Confirm: 2, Forbid: 40 }
    for (const door of ['POST /evaluate', 'signing pipeline'])
      for (const [decision, most] of Object.entries(least))
        expect(count(`${door} ${decision}`), `${door} ${decision}`).toBeGreaterThanOrEqual(most)
  })

  it('compares enough requests to mean something', () => {
    expect(fixtures.length).toBeGreaterThan(80)
  })

  for (const fixture of fixtures) {
    it(fixture.file, async () => {
      const request = asTestSigner(fixture.request)
      const library = byLibrary(request)
      expect(await byCli(request, fixture.file), 'rampart evaluate').toEqual(library)
      expectAlike(await byEvaluateRoute(request), library, 'POST /evaluate')
      const call = signingCall(request)
      if (call) expectAlike(await byPipeline(call), library, 'signing pipeline')
    })
  }
})
