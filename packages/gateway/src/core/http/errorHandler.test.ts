import { describe, expect, it } from 'vitest'
import {
  AuthenticationError,
  BadGatewayError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from '../errors/gatewayError'
import { ProviderError } from '../errors/providerErrors'
import { toErrorBody } from './errorHandler'

describe('toErrorBody: the documented mapping', () => {
  it.each([
    [new BadRequestError('Malformed'), 400, 'BAD_REQUEST'],
    [new AuthenticationError('Who are you'), 401, 'UNAUTHENTICATED'],
    [new ForbiddenError('Not yours'), 403, 'FORBIDDEN'],
    [new NotFoundError('Wallet not found', 'WALLET_NOT_FOUND'), 404, 'WALLET_NOT_FOUND'],
    [new ConflictError('Taken'), 409, 'CONFLICT'],
    [new ValidationError('Bad', [{ path: '/a', message: 'is required' }]), 422, 'VALIDATION_FAILED'],
    [new BadGatewayError('Down'), 502, 'PROVIDER_FAILED'],
    [new ProviderError('PROVIDER_UNAVAILABLE', 'Down'), 502, 'PROVIDER_UNAVAILABLE'],
    [new ProviderError('NOT_FOUND', 'No such wallet'), 404, 'NOT_FOUND'],
    [new ProviderError('INVALID_REQUEST', 'Bad address', { path: '/to' }), 422, 'INVALID_REQUEST'],
  ])('%s → %i', (error, statusCode, code) => {
    const body = toErrorBody(error)
    expect(body).toMatchObject({ statusCode, code, message: error.message })
  })

  it('keeps context for 4xx and nothing for 500', () => {
    expect(toErrorBody(new ValidationError('Bad', [{ path: '/a', message: 'x' }])).context).toEqual({
      issues: [{ path: '/a', message: 'x' }],
    })
    const secret = new Error('connection string postgres://user:hunter2@db')
    expect(toErrorBody(secret)).toEqual({
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      message: 'Internal server error',
    })
    const internal = Object.assign(new Error('stack and secrets'), { statusCode: 500, code: 'FST_ERR_X' })
    expect(toErrorBody(internal)).toEqual({
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      message: 'Internal server error',
    })
  })

  it('maps schema failures to 422 with JSON Pointers', () => {
    const error = Object.assign(new Error('body/provider must match pattern'), {
      validation: [
        { instancePath: '/provider', keyword: 'pattern', params: {}, message: 'must match pattern' },
        {
          instancePath: '',
          keyword: 'required',
          params: { missingProperty: 'encryptedCredentials' },
          message: 'x',
        },
        {
          instancePath: '',
          keyword: 'additionalProperties',
          params: { additionalProperty: 'a/b' },
          message: 'x',
        },
      ],
      validationContext: 'body',
    })
    const body = toErrorBody(error)
    expect(body.statusCode).toBe(422)
    expect((body.context!.issues as { path: string }[]).map((issue) => issue.path)).toEqual([
      '/provider',
      '/encryptedCredentials',
      '/a~1b',
    ])
  })
})
