import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { NativeTransferIntent } from '@rampart/decoder'
import { describe, expect, it } from 'vitest'
import { decodeIntent, entities, INITECH, NORA, TREASURY_HOT, USDC, usdcTransfer } from '../test/northwind'
import { policy } from '../test/policy'
import { buildInput } from './buildInput'
import { createEvaluator } from './createEvaluator'
import { evaluationState } from './evaluationState'
import type { EvaluationRequest } from './generated/evaluationRequest'
import { intentForCandidates, OPTIONAL_INTENT_FIELDS } from './intentFields'
import { CRITERION_FAMILIES } from './preparePolicies'

const library = fileURLToPath(new URL('../../../policies/rampart', import.meta.url))

/** Every line of the policy library's sources (tests left out), with its file. */
function librarySources(dir = library): { file: string; line: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return librarySources(path)
    if (!entry.name.endsWith('.rego') || entry.name.endsWith('_test.rego')) return []
    const file = path.slice(library.length + 1)
    return readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => !line.trimStart().startsWith('#'))
      .map((line) => ({ file, line: line.trim() }))
  })
}

/** Where the library reads each optional field: the reviewed places OPTIONAL_INTENT_FIELDS accounts for. */
const READS: Record<string, string[]> = {
  from: ['context.rego: source_address(intent) := intent.from if {', 'context.rego: intent.from'],
  to: ['context.rego: } else := intent.to if {'],
  contract: ['criteria/intent.rego: intent_contract(contracts, intent) if intent.contract in contracts'],
  hexSignature: [
    'criteria/intent.rego: intent_hex_signature(signatures, intent) if intent.hexSignature in signatures',
  ],
  flags: ['criteria/intent.rego: some flag in intent.flags'],
  functionName: [],
}

describe('OPTIONAL_INTENT_FIELDS', () => {
  it('names known criteria only', () => {
    const kinds = Object.values(OPTIONAL_INTENT_FIELDS).flat()
    expect(kinds.filter((kind) => !CRITERION_FAMILIES[kind])).toEqual([])
  })

  it('accounts for every place the policy library reads an optional field', () => {
    const sources = librarySources()
    expect(sources.length).toBeGreaterThan(500)
    for (const field of Object.keys(OPTIONAL_INTENT_FIELDS)) {
      const reads = sources
        .filter(({ line }) => new RegExp(`\\.${field}\\b|"${field}"`).test(line))
        .map(({ file, line }) => `${file}: ${line}`)
      expect({ field, reads }).toEqual({ field, reads: READS[field] })
    }
    // `to` and `value` are read in these places only, as intentForCandidates assumes.
    const reads = (field: string) =>
      sources
        .filter(({ line }) => new RegExp(`intent\\.${field}\\b`).test(line))
        .map(({ file, line }) => `${file}: ${line}`)
    expect(reads('to')).toEqual(['context.rego: } else := intent.to if {'])
    expect(reads('value')).toEqual([
      'criteria/intent.rego: } else := intent.value',
      'criteria/intent.rego: intent.value',
    ])
    // A field read by a computed key would escape the check above.
    expect(sources.filter(({ line }) => /intent\[/.test(line))).toEqual([])
  })
})

describe('intentForCandidates', () => {
  const intent = {
    type: 'erc20Transfer',
    chainId: 1,
    from: '0xa',
    to: '0xb',
    contract: '0xb',
    recipient: '0xc',
  }

  it('keeps the fields every criterion may read, and the optional ones a candidate reads', () => {
    expect(intentForCandidates(intent, [])).toEqual({ type: 'erc20Transfer', chainId: 1, recipient: '0xc' })
    expect(intentForCandidates(intent, [['contract'], ['from', 'to']])).toEqual({
      type: 'erc20Transfer',
      chainId: 1,
      from: '0xa',
      contract: '0xb',
      recipient: '0xc',
    })
  })

  it('keeps `to` only as the receiver of a native transfer without a recipient', () => {
    const native = { type: 'nativeTransfer', chainId: 1, to: '0xb', value: '1' }
    expect(intentForCandidates(native, [['to']])).toEqual(native)
    expect(intentForCandidates({ ...native, recipient: '0xc' }, [['to']])).toEqual({
      type: 'nativeTransfer',
      chainId: 1,
      value: '1',
      recipient: '0xc',
    })
    expect(intentForCandidates(intent, [['to']])).not.toHaveProperty('to')
  })

  it('keeps `value` only when the intent has no token amount', () => {
    const transfer = { type: 'erc20Transfer', value: '0', token: 'eip155:1/erc20:0xb', amount: '5' }
    expect(intentForCandidates(transfer, [])).not.toHaveProperty('value')
    expect(intentForCandidates({ ...transfer, amount: undefined }, [])).toHaveProperty('value', '0')
    expect(intentForCandidates({ type: 'nativeTransfer', value: '7' }, [])).toHaveProperty('value', '7')
  })
})

describe('the evaluator sends an optional field when a candidate reads it', () => {
  const NOON = Date.parse('2025-03-14T12:00:00Z') / 1000
  const transfer = usdcTransfer({ principal: NORA, to: INITECH, amount: 1_000_000n, now: NOON })
  const permitAll = policy('permit-all', 'permit', [{ criterion: 'checkNonceNotExists' }])
  // The decoder names the recipient of every transfer it decodes; `to` serves intents without one, which only a
  // caller of the policy library itself can send: the evaluator's schema requires a native transfer's recipient.
  const { recipient: _, ...native } = decodeIntent({
    method: 'eth_sendTransaction',
    params: [{ from: TREASURY_HOT, to: INITECH, chainId: 1, value: '0x1' }],
  }) as NativeTransferIntent
  const nativeWithoutRecipient = { ...transfer, intent: native as unknown as EvaluationRequest['intent'] }
  // A Safe's execTransaction delegatecalling MultiSend: the decoder flags it delegatecall.
  const nested = new URL(
    '../../../fixtures/requests/safe-multisend-nested-delegatecall.json',
    import.meta.url,
  )
  const safeBatch = {
    ...transfer,
    intent: decodeIntent(JSON.parse(readFileSync(nested, 'utf8')).request) as EvaluationRequest['intent'],
  }
  const cases = [
    ['from', { criterion: 'checkSourceAddress', args: [TREASURY_HOT] }, transfer],
    ['to', { criterion: 'checkDestinationAddress', args: [INITECH] }, nativeWithoutRecipient],
    ['contract', { criterion: 'checkIntentContract', args: [USDC] }, transfer],
    ['hexSignature', { criterion: 'checkIntentHexSignature', args: ['0xa9059cbb'] }, transfer],
    ['flags', { criterion: 'checkIntentFlags', args: ['delegatecall'] }, safeBatch],
  ] as const

  it.each(cases)('%s', async (field, criterion, request) => {
    const policies = [permitAll, policy('forbid', 'forbid', [criterion])]
    const input = buildInput(request, [], evaluationState({ entities, policies, presets: [] }))
    expect(Object.keys(input.intent as object)).toContain(field)
    const without = buildInput(request, [], evaluationState({ entities, policies: [permitAll], presets: [] }))
    expect(Object.keys(without.intent as object)).not.toContain(field)
    const evaluator = await createEvaluator({ entities, policies })
    if (request === nativeWithoutRecipient) {
      expect(evaluator.evaluate(request)).toMatchObject({
        decision: 'Forbid',
        reason: {
          code: 'INVALID_REQUEST',
          errors: expect.arrayContaining([expect.objectContaining({ path: '/intent/recipient' })]),
        },
      })
    } else {
      expect(evaluator.evaluate(request)).toMatchObject({ decision: 'Forbid', decidingPolicy: 'forbid' })
    }
  })
})
