import { describe, expect, it } from 'vitest'
import { defineErrors, isRegisteredCode, RegisteredError } from './defineErrors'

const sampleErrors = {
  SAMPLE_INVALID: { httpStatus: 422, meaning: 'The sample does not hold.' },
  SAMPLE_LOST: { meaning: 'The sample was lost; no API answers with it.' },
}
class SampleError extends defineErrors('SampleError', sampleErrors)() {}
class IssuesError extends defineErrors('IssuesError', sampleErrors)<{ issues: string[] }>() {}

describe('defineErrors', () => {
  it('builds errors as (code, message, details?) with the status from the registry', () => {
    const error = new SampleError('SAMPLE_INVALID', 'The sample is invalid', { path: '/a' })
    expect(error).toBeInstanceOf(Error)
    expect(error).toBeInstanceOf(RegisteredError)
    expect(error).toBeInstanceOf(SampleError)
    expect(error.name).toBe('SampleError')
    expect(String(error)).toBe('SampleError: The sample is invalid')
    expect(error.httpStatus).toBe(422)
    expect(error.details).toEqual({ path: '/a' })
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      code: 'SAMPLE_INVALID',
      message: 'The sample is invalid',
      details: { path: '/a' },
    })
  })

  it('defaults details to {}, has no status where the registry gives none, and keeps the cause', () => {
    const cause = new Error('disk')
    const error = new SampleError('SAMPLE_LOST', 'Lost', undefined, { cause })
    expect(error.details).toEqual({})
    expect(error.httpStatus).toBeUndefined()
    expect(error.cause).toBe(cause)
  })

  it('requires details where {} is not a valid value of them', () => {
    // @ts-expect-error details carry issues, which are required
    const missing = new IssuesError('SAMPLE_INVALID', 'No issues')
    expect(missing.details).toEqual({})
    expect(new IssuesError('SAMPLE_INVALID', 'Issues', { issues: ['x'] }).details.issues).toEqual(['x'])
  })

  it('refuses unregistered codes at compile time, and gives them no status at run time', () => {
    // @ts-expect-error not a code of the registry
    const error = new SampleError('SAMPLE_UNKNOWN', 'From data')
    expect(error.httpStatus).toBeUndefined()
    // @ts-expect-error an inherited property is no code either
    expect(new SampleError('toString', 'Not a code').httpStatus).toBeUndefined()
  })

  it('tells registered codes from others, own keys only', () => {
    expect(SampleError.isCode('SAMPLE_LOST')).toBe(true)
    expect(SampleError.isCode('SAMPLE_UNKNOWN')).toBe(false)
    expect(SampleError.isCode('constructor')).toBe(false)
    expect(SampleError.isCode(42)).toBe(false)
    expect(isRegisteredCode(sampleErrors, 'SAMPLE_INVALID')).toBe(true)
    expect(SampleError.registry).toBe(sampleErrors)
  })
})
