import { describe, expect, it } from 'vitest'
import {
  assessPolicySet,
  type Governance,
  GovernanceError,
  type SignedPolicySet,
  verifyPolicySet,
} from '../../src'
import { AMELIA, content, governance, LUCAS, NORA, PRIYA, version } from './governedOrganization'

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(GovernanceError)
  return error as GovernanceError
}

const bootstrap = version(content(), undefined, [PRIYA, LUCAS])

describe('signed policy sets: the evaluator verifies the quorum before a set is loaded', () => {
  it('takes a bootstrap approved by the quorum it declares itself, and a change approved by the live quorum', async () => {
    const first = await verifyPolicySet(bootstrap, 'bootstrap')
    expect(first.approvedBy.map((approver) => approver.userId).sort()).toEqual([LUCAS, PRIYA].sort())
    expect(first.quorumOption).toBe(0)
    const rootAndAdmin = version(content({ presets: [] }), bootstrap, [AMELIA, LUCAS])
    expect((await verifyPolicySet(rootAndAdmin, bootstrap)).quorumOption).toBe(1)
  })

  it('refuses a set whose approvals do not meet the quorum: one admin, a member, an admin counted twice', async () => {
    for (const approvers of [[PRIYA], [PRIYA, NORA], [PRIYA, PRIYA], []]) {
      const next = version(content({ presets: [] }), bootstrap, approvers)
      const error = await refusal(verifyPolicySet(next, bootstrap))
      expect(error.code).toBe('POLICY_SET_QUORUM_NOT_MET')
      // Assessing reports the same without loading anything: the gateway's AWAITING_QUORUM.
      expect((await assessPolicySet(next, bootstrap)).quorumOption).toBeUndefined()
    }
  })

  it('refuses content altered after it was signed, even by one character', async () => {
    const altered = structuredClone(bootstrap) as SignedPolicySet
    ;(altered.content.policies[0] as { id: string }).id += 'x'
    const error = await refusal(verifyPolicySet(altered, 'bootstrap'))
    expect(error.code).toBe('POLICY_SET_ALTERED')
    expect(error.details.issues[0]?.path).toBe('/contentHash')
  })

  it('refuses an altered signature, an approval moved to another version, and an unknown credential', async () => {
    const tampered = structuredClone(bootstrap)
    const approval = tampered.approvals[1]!
    const last = approval.signature.at(-2) === 'A' ? 'B' : 'A'
    approval.signature = `${approval.signature.slice(0, -2)}${last}${approval.signature.at(-1)}`
    const bad = await refusal(verifyPolicySet(tampered, 'bootstrap'))
    expect(bad.code).toBe('POLICY_SET_SIGNATURE_INVALID')
    expect(bad.details.issues).toEqual([expect.objectContaining({ path: '/approvals/1' })])

    // The bootstrap's approvals put on version 2 of the same content: they signed version 1.
    const next = version(content(), bootstrap, [])
    const moved = { ...next, approvals: bootstrap.approvals }
    const error = await refusal(verifyPolicySet(moved, bootstrap))
    expect(error.code).toBe('POLICY_SET_SIGNATURE_INVALID')
    expect(error.details.issues[0]?.message).toMatch(/another statement/)

    const stranger = { ...next, approvals: [{ ...bootstrap.approvals[0]!, credentialId: 'nobody' }] }
    expect((await refusal(verifyPolicySet(stranger, bootstrap))).details.issues[0]?.message).toMatch(
      /no credential/,
    )
  })

  it('refuses a set out of order: a skipped version, another predecessor, another set, a second bootstrap', async () => {
    const next = version(content({ presets: [] }), bootstrap, [PRIYA, LUCAS])
    const skipped = version(content(), next, [PRIYA, LUCAS])
    expect((await refusal(verifyPolicySet(skipped, bootstrap))).code).toBe('POLICY_SET_OUT_OF_ORDER')
    const other = version(content(), bootstrap, [PRIYA, LUCAS], 'initech')
    expect((await refusal(verifyPolicySet(other, bootstrap))).details.issues[0]?.path).toBe('/setId')
    expect((await refusal(verifyPolicySet(next, 'bootstrap'))).code).toBe('POLICY_SET_OUT_OF_ORDER')
  })

  it('counts approvals with the live set, not the proposed one: a change cannot make its own approvers', async () => {
    // The proposal makes Nora an admin; her approval still counts as a member's, as the live set says she is.
    const entities = structuredClone(content().entities) as { users: { id: string; role: string }[] }
    for (const user of entities.users) if (user.id === NORA) user.role = 'admin'
    const promoted = version(content({ entities }), bootstrap, [PRIYA, NORA])
    expect((await refusal(verifyPolicySet(promoted, bootstrap))).code).toBe('POLICY_SET_QUORUM_NOT_MET')
    // ...and a quorum lowered to one member takes effect only for the change after it.
    const lowered: Governance = { quorum: { anyOf: [{ require: [{ role: 'member', count: 1 }] }] } }
    const lowering = version(content({ governance: lowered }), bootstrap, [NORA])
    expect((await refusal(verifyPolicySet(lowering, bootstrap))).code).toBe('POLICY_SET_QUORUM_NOT_MET')
    expect(governance.quorum.anyOf).toHaveLength(2)
  })

  it('refuses invalid content with pointers into the set', async () => {
    const invalid = version(content({ presets: ['no-such-preset'] }), undefined, [PRIYA, LUCAS])
    const error = await refusal(verifyPolicySet(invalid, 'bootstrap'))
    expect(error.code).toBe('POLICY_SET_INVALID')
    expect(error.details.issues).toEqual([expect.objectContaining({ path: '/content/presets/0' })])
    const shapeless = await refusal(verifyPolicySet({ setId: 'x' }, 'bootstrap'))
    expect(shapeless.details.issues.map((issue) => issue.path)).toContain('/version')
  })
})
