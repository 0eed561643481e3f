import { describe, expect, it } from 'vitest'
import { policy } from '../test/policy'
import { validatePolicies, validatePresets } from './validatePolicies'

describe('validatePolicies', () => {
  it('accepts a valid policy set', () => {
    const result = validatePolicies([
      policy('transfers', 'permit', [
        { criterion: 'checkAction', args: ['signTransaction'] },
        { criterion: 'checkIntentAmount', args: { operator: 'lte', value: '1.5', unit: 'token' } },
        { criterion: 'checkAccountAssigned' },
      ]),
    ])
    expect(result).toEqual({ valid: true, issues: [] })
  })

  it("reports a criterion's bad arguments at their path, against that criterion only", () => {
    const result = validatePolicies([
      policy('a', 'permit', [{ criterion: 'checkIntentAmount', args: { operator: 'above', value: '1' } }]),
    ])
    expect(result.valid).toBe(false)
    expect(result.issues).toEqual([
      {
        code: 'schema.enum',
        path: '/0/when/0/args/operator',
        message: 'must be one of: "gt", "lt", "gte", "lte", "eq", "ne"',
      },
    ])
  })

  it('reports an unknown criterion, a missing then and a duplicate id', () => {
    const withoutEffect = { id: 'a', when: [{ criterion: 'checkAction', args: ['signRaw'] }] }
    const result = validatePolicies([
      policy('a', 'permit', [{ criterion: 'checkMoonPhase', args: ['full'] }]),
      withoutEffect,
    ])
    const paths = result.issues.map((issue) => `${issue.code} ${issue.path}`)
    expect(paths).toContain('schema.enum /0/when/0/criterion')
    expect(paths).toContain('schema.required /1/then')
    expect(paths).toContain('duplicate-policy-id /1/id')
  })

  it('lists every duplicate id of a file with hundreds of thousands of them', () => {
    // The issues were spread into one push call, past the number of arguments a call takes: a RangeError.
    const copies = Array.from({ length: 200_000 }, () =>
      policy('same', 'permit', [{ criterion: 'checkAction', args: ['signTransaction'] }]),
    )
    const result = validatePolicies(copies)
    expect(result.valid).toBe(false)
    const duplicateIssues = result.issues.filter((issue) => issue.code === 'duplicate-policy-id')
    expect(duplicateIssues).toHaveLength(199_999)
    expect(duplicateIssues[0]).toMatchObject({ path: '/1/id' })
    const presets = validatePresets([{ id: 'p', name: 'P', description: 'copies', policies: copies }])
    const duplicates = presets.issues.filter((issue) => issue.code === 'duplicate-policy-id')
    expect(duplicates).toHaveLength(199_999)
  })

  it('rejects fractional base-unit limits and unknown calendar periods', () => {
    const result = validatePolicies([
      policy('limit', 'forbid', [
        {
          criterion: 'checkSpendingLimit',
          args: { limit: '1.5', window: { type: 'fixed', period: 'week' } },
        },
      ]),
    ])
    const paths = result.issues.map((issue) => issue.path)
    expect(paths).toContain('/0/when/0/args/limit')
    expect(paths.some((path) => path.startsWith('/0/when/0/args/window'))).toBe(true)
  })

  it('rejects nested user-operation criteria that are not intent criteria', () => {
    const result = validatePolicies([
      policy('uo', 'permit', [
        {
          criterion: 'checkUserOperationIntents',
          args: [{ criterion: 'checkPrincipalRole', args: ['admin'] }],
        },
      ]),
    ])
    expect(result.issues.map((issue) => issue.path)).toContain('/0/when/0/args/0/criterion')
  })
})

describe('validatePresets', () => {
  it('reports duplicate preset ids and invalid preset fields', () => {
    const preset = {
      id: 'p',
      name: 'P',
      description: 'A preset',
      policies: [policy('a', 'permit', [{ criterion: 'checkNonceExists' }])],
    }
    const result = validatePresets([preset, { ...preset, name: '' }])
    expect(result.issues.map((issue) => `${issue.code} ${issue.path}`)).toEqual([
      'schema.minLength /1/name',
      'duplicate-preset-id /1/id',
    ])
  })
})

describe('validatePolicies: authoring messages', () => {
  it('reports a misspelt criterion once, with a did-you-mean and the criteria allowed', () => {
    const result = validatePolicies([
      policy('a', 'permit', [{ criterion: 'checkIntentTyp', args: ['erc20Transfer'] }]),
    ])
    expect(result.issues).toHaveLength(1)
    expect(result.issues[0]).toMatchObject({ code: 'schema.enum', path: '/0/when/0/criterion' })
    expect(result.issues[0]!.message).toMatch(
      /^"checkIntentTyp" is not allowed, did you mean "checkIntentType"\? It must be one of: "checkAction", /,
    )
    expect(result.issues[0]!.message).toContain('"checkRateLimit"')
  })

  it('reports a missing criterion once, without the discriminator repeating it', () => {
    const result = validatePolicies([policy('a', 'permit', [{ args: ['signRaw'] }])])
    expect(result.issues).toEqual([
      {
        code: 'schema.required',
        path: '/0/when/0/criterion',
        message: 'missing required member "criterion"',
      },
    ])
  })

  it('names the argument a misspelt one was meant to be, and does not report that one missing too', () => {
    const result = validatePolicies([
      policy('a', 'permit', [{ criterion: 'checkIntentAmount', args: { operater: 'lte', value: '1' } }]),
    ])
    expect(result.issues).toEqual([
      {
        code: 'schema.additionalProperties',
        path: '/0/when/0/args/operater',
        message: 'unknown member "operater" is not allowed here, did you mean "operator"?',
      },
    ])
  })

  it('lists the allowed values without a guess when none is close', () => {
    const result = validatePolicies([
      policy('a', 'permit', [{ criterion: 'checkPrincipalRole', args: ['superuser'] }]),
    ])
    expect(result.issues).toEqual([
      {
        code: 'schema.enum',
        path: '/0/when/0/args/0',
        message: 'must be one of: "root", "admin", "member", "manager"',
      },
    ])
  })
})
