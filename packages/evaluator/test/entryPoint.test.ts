// EntryPoint criteria by what the organization knows of the EntryPoint (issue #21): its account or address-book id,
// its account type, and its address-book classification, beside its address. Decided on decoded user operations.
import { readFileSync } from 'node:fs'
import { decodeRequest } from '@rampart/decoder'
import type { Entities } from '@rampart/entities'
import { describe, expect, it } from 'vitest'
import { actionForMethod, createEvaluator, type EvaluationRequest, type Policy } from '../src'
import { policy } from './policy'

const read = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../fixtures/requests/${name}.json`, import.meta.url), 'utf8'))
const baseEntities = read('entities') as Entities
const OPERATOR = 'operator@example.com'
/** EntryPoint v0.6, which user-operation-v06 (Mumbai, chain 80001) is sent to. */
const ENTRYPOINT_V06 = '0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789'

/** Decides the fixture user operation, the EntryPoint known to the organization as `known` says. */
async function decideUserOperation(policies: Policy[], known: Partial<Entities>) {
  const fixture = read('user-operation-v06')
  const resolution = decodeRequest(fixture.request, { entities: baseEntities, chainId: fixture.chainId })
  expect(resolution.decoding.error).toBeNull()
  const intent = resolution.intent as NonNullable<EvaluationRequest['intent']> & { from: string }
  const entities: Entities = {
    ...baseEntities,
    users: [{ id: OPERATOR, role: 'member' }],
    accounts: [
      ...baseEntities.accounts,
      { id: 'sender', address: intent.from, accountType: '4337', chainId: 80001 },
      ...(known.accounts ?? []),
    ],
    addressBook: [...baseEntities.addressBook, ...(known.addressBook ?? [])],
  }
  const evaluator = await createEvaluator({ entities, policies })
  const action = actionForMethod(resolution.action)
  return evaluator.evaluate({ action: action!, principal: OPERATOR, resource: 'sender', intent })
}

const permitWhen = (criterion: string, args: string[]) => [
  policy('entrypoint', 'permit', [
    { criterion: 'checkAction', args: ['signUserOperation'] },
    { criterion, args },
  ]),
]

const inBook = (classification: 'internal' | 'counterparty', chainId = 80001): Partial<Entities> => ({
  addressBook: [{ id: 'EntryPoint-v06', address: ENTRYPOINT_V06, chainId, classification }],
})

describe('EntryPoint criteria', () => {
  it('checkEntryPointClassification reads the address book on the intent chain', async () => {
    const internalOnly = permitWhen('checkEntryPointClassification', ['internal'])
    expect((await decideUserOperation(internalOnly, inBook('internal'))).decision).toBe('Permit')
    expect((await decideUserOperation(internalOnly, inBook('counterparty'))).decision).toBe('Forbid')
    // Known on mainnet only: unknown on Mumbai.
    expect((await decideUserOperation(internalOnly, inBook('internal', 1))).decision).toBe('Forbid')
    expect((await decideUserOperation(internalOnly, {})).decision).toBe('Forbid')
  })

  it('checkEntryPointId names the address-book entry or account, case-insensitively', async () => {
    const byId = permitWhen('checkEntryPointId', ['entrypoint-V06'])
    expect((await decideUserOperation(byId, inBook('internal'))).decision).toBe('Permit')
    expect(
      (await decideUserOperation(permitWhen('checkEntryPointId', ['permit2']), inBook('internal'))).decision,
    ).toBe('Forbid')
    expect((await decideUserOperation(byId, {})).decision).toBe('Forbid')
  })

  it('checkEntryPointAccountType reads the organization account at the EntryPoint', async () => {
    const asAccount: Partial<Entities> = {
      accounts: [{ id: 'entrypoint-account', address: ENTRYPOINT_V06, accountType: 'eoa', chainId: 80001 }],
    }
    expect(
      (await decideUserOperation(permitWhen('checkEntryPointAccountType', ['eoa']), asAccount)).decision,
    ).toBe('Permit')
    expect(
      (await decideUserOperation(permitWhen('checkEntryPointAccountType', ['4337']), asAccount)).decision,
    ).toBe('Forbid')
    // An organization account absent from the address book is managed.
    expect(
      (await decideUserOperation(permitWhen('checkEntryPointClassification', ['managed']), asAccount))
        .decision,
    ).toBe('Permit')
  })

  it('a forbid on an EntryPoint the address book calls external wins over a permit', async () => {
    const policies = [
      policy('any-user-operation', 'permit', [{ criterion: 'checkAction', args: ['signUserOperation'] }]),
      policy('no-external-entrypoint', 'forbid', [
        { criterion: 'checkEntryPointClassification', args: ['external'] },
      ]),
    ]
    const external: Partial<Entities> = {
      addressBook: [
        { id: 'EntryPoint-v06', address: ENTRYPOINT_V06, chainId: 80001, classification: 'external' },
      ],
    }
    expect(await decideUserOperation(policies, external)).toMatchObject({
      decision: 'Forbid',
      decidingPolicy: 'no-external-entrypoint',
      heldCriteria: [{ criterion: 'checkEntryPointClassification', args: ['external'] }],
    })
    expect((await decideUserOperation(policies, inBook('internal'))).decision).toBe('Permit')
  })
})
