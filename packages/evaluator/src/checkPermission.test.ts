import { describe, expect, it } from 'vitest'
import { entities, NORA } from '../test/northwind'
import { policy } from '../test/policy'
import { createEvaluator } from './createEvaluator'

const grant = (permissions?: string[]) => ({
  action: 'grantPermission' as const,
  principal: NORA,
  ...(permissions === undefined ? {} : { permissions }),
})

// Issue #17: checkPermission held when any requested permission was listed, so a read-only permit granted delete.
describe('checkPermission: every requested permission in a permit, one in a forbid', () => {
  const readOnly = policy('p', 'permit', [
    { criterion: 'checkAction', args: ['grantPermission'] },
    { criterion: 'checkPermission', args: ['wallet:read'] },
  ])

  it('does not let a read-only permit grant delete along with read', async () => {
    const evaluator = await createEvaluator({ entities, policies: [readOnly] })
    const both = evaluator.evaluate(grant(['wallet:read', 'wallet:delete']))
    expect(both).toMatchObject({ decision: 'Forbid', reason: { code: 'NO_MATCHING_PERMIT' } })
    expect(evaluator.evaluate(grant(['wallet:read']))).toMatchObject({
      decision: 'Permit',
      decidingPolicy: 'p',
    })
  })

  it('fails closed in a permit when the request asks for no permission', async () => {
    const evaluator = await createEvaluator({ entities, policies: [readOnly] })
    expect(evaluator.evaluate(grant([])).decision).toBe('Forbid')
    expect(evaluator.evaluate(grant()).decision).toBe('Forbid')
  })

  it('forbids when any requested permission is listed in a forbid', async () => {
    const evaluator = await createEvaluator({
      entities,
      policies: [
        policy('any-grant', 'permit', [{ criterion: 'checkAction', args: ['grantPermission'] }]),
        policy('no-delete', 'forbid', [{ criterion: 'checkPermission', args: ['wallet:delete'] }]),
      ],
    })
    expect(evaluator.evaluate(grant(['wallet:read', 'wallet:delete']))).toMatchObject({
      decision: 'Forbid',
      reason: { code: 'FORBIDDEN_BY_POLICY' },
      decidingPolicy: 'no-delete',
    })
    expect(evaluator.evaluate(grant(['wallet:read'])).decision).toBe('Permit')
    // Nothing asked for, nothing to forbid: only a permit that does not speak of permissions lets it through.
    expect(evaluator.evaluate(grant([])).decision).toBe('Permit')
  })
})
