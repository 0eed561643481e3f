import { describe, expect, it } from 'vitest'
import { type Approver, diffPolicySets, type Quorum, quorumMet } from '../../src'
import { content, NORA } from './governedOrganization'

const admin = (userId: string, groups: string[] = []): Approver => ({ userId, role: 'admin', groups })

describe('quorum rules', () => {
  it('seats distinct users where the quorum needs them, whatever order they approved in', () => {
    const quorum: Quorum = {
      anyOf: [
        {
          require: [
            { role: 'admin', count: 1 },
            { group: 'security', count: 1 },
          ],
        },
      ],
    }
    // The first approver could take the admin seat; only a placement that gives her the group seat meets it.
    expect(quorumMet(quorum, [admin('ines', ['security']), admin('omar')])).toBe(0)
    expect(quorumMet(quorum, [admin('omar'), admin('ines', ['security'])])).toBe(0)
    expect(quorumMet(quorum, [admin('ines', ['security'])])).toBeUndefined()
    expect(quorumMet(quorum, [admin('omar'), admin('lucas')])).toBeUndefined()
  })

  it('takes the first option met, and none when no option is', () => {
    const quorum: Quorum = {
      anyOf: [
        { require: [{ role: 'admin', count: 2 }] },
        {
          require: [
            { role: 'root', count: 1 },
            { role: 'admin', count: 1 },
          ],
        },
      ],
    }
    const root = { userId: 'amelia', role: 'root', groups: [] }
    expect(quorumMet(quorum, [root, admin('priya')])).toBe(1)
    expect(quorumMet(quorum, [root, { userId: 'david', role: 'root', groups: [] }])).toBeUndefined()
  })
})

describe('diffPolicySets', () => {
  it('names what a proposal adds, removes and changes, by id', () => {
    const live = content()
    const entities = structuredClone(live.entities) as Record<string, Record<string, unknown>[]>
    entities.users = (entities.users ?? []).map((user) =>
      user.id === NORA ? { ...user, role: 'manager' } : user,
    )
    entities.userGroupMembers = (entities.userGroupMembers ?? []).filter((link) => link.userId !== NORA)
    const [first, ...rest] = live.policies as { id: string }[]
    const next = { ...live, entities, policies: [...rest, { ...first, id: 'renamed' }] }
    const diff = diffPolicySets(live, next)
    expect(diff.policies).toEqual({ added: ['renamed'], removed: [first?.id], changed: [] })
    expect(diff.entities.users).toEqual({ added: [], removed: [], changed: [NORA] })
    expect(diff.entities.userGroupMembers?.removed.every((key) => key.startsWith(`${NORA}:`))).toBe(true)
    expect(diff.governanceChanged).toBe(false)
    expect(diffPolicySets(live, { ...live, policies: [...live.policies].reverse() }).policiesReordered).toBe(
      true,
    )
  })
})
