import { describe, expect, it } from 'vitest'
import { schemaErrors, schemaErrorsInSteps } from './schemaValidator'
import { northwind } from './testFixtures'

/** The steps run to their end, and how many times they paused. */
function stepsOf(doc: unknown) {
  const steps = schemaErrorsInSteps('full', doc)
  for (let pauses = 0; ; pauses++) {
    const step = steps.next()
    if (step.done) return { errors: step.value, pauses }
  }
}

const account = (i: number) => ({
  id: `vault-${i}`,
  address: `0x${(i + 1).toString(16).padStart(40, '0')}`,
  accountType: 'eoa',
  chainId: 1,
})

describe('schemaErrorsInSteps', () => {
  const large = { ...northwind(), accounts: Array.from({ length: 50_000 }, (_, i) => account(i)) }

  it('finds a large valid document valid, pausing between slices of its lists', () => {
    const { errors, pauses } = stepsOf(large)
    expect(errors).toBeUndefined()
    expect(schemaErrors('full', large)).toBeUndefined()
    expect(pauses).toBeGreaterThanOrEqual(3)
  })

  it('reports what schemaErrors reports, pointers into the whole document, for a mistake in a later slice', () => {
    const accounts = [...large.accounts]
    accounts[45_678] = { ...account(45_678), accountType: 'vault' }
    const doc = { ...large, accounts }
    const { errors } = stepsOf(doc)
    expect(errors).toEqual(schemaErrors('full', doc))
    expect(errors?.map((error) => error.instancePath)).toContain('/accounts/45678/accountType')
  })

  it('reports what schemaErrors reports for a document wrong outside its lists, or not a document', () => {
    for (const doc of [
      { ...large, surprise: 1 },
      { ...large, users: {} },
      { ...large, $schema: [] },
      [],
      'text',
    ]) {
      expect(stepsOf(doc).errors).toEqual(schemaErrors('full', doc))
      expect(stepsOf(doc).errors).toBeDefined()
    }
  })
})
