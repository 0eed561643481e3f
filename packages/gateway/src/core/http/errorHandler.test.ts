import { describe, expect, it } from 'vitest'
import { GatewayError } from '../errors/gatewayError'
import { ProviderError } from '../errors/providerErrors'
import { toErrorBody } from './errorHandler'

describe('toErrorBody: the documented mapping', () => {
  it.each([
    [new GatewayError('BAD_REQUEST', 'Malformed'), 400, 'BAD_REQUEST'],
    [new GatewayError('UNAUTHENTICATED', 'Who are you'), 401, 'UNAUTHENTICATED'],
    [new GatewayError('POLICY_FORBIDDEN', 'Not yours'), 403, 'POLICY_FORBIDDEN'],
    [new GatewayError('WALLET_NOT_FOUND', 'Wallet not found'), 404, 'WALLET_NOT_FOUND'],
    [new GatewayError('CLIENT_EXISTS', 'Taken'), 409, 'CLIENT_EXISTS'],
    [new GatewayError('BODY_TOO_LARGE', 'Too large'), 413, 'BODY_TOO_LARGE'],
    [
      new GatewayError('VALIDATION_FAILED', 'Bad', { issues: [{ path: '/a', message: 'is required' }] }),
      422,
      'VALIDATION_FAILED',
    ],
    [new GatewayError('PROVIDER_CONNECT_FAILED', 'Down'), 502, 'PROVIDER_CONNECT_FAILED'],
    [new ProviderError('PROVIDER_UNAVAILABLE', 'Down'), 502, 'PROVIDER_UNAVAILABLE'],
    [new ProviderError('NOT_FOUND', 'No such wallet'), 404, 'NOT_FOUND'],
    [new ProviderError('INVALID_REQUEST', 'Bad address', { path: '/to' }), 422, 'INVALID_REQUEST'],
  ])('%s → %i', (error, statusCode, code) => {
    const body = toErrorBody(error)
    expect(body).toMatchObject({ statusCode, code, message: error.message })
  })

  it('keeps context for 4xx and nothing for 500', () => {
    expect(
      toErrorBody(new GatewayError('VALIDATION_FAILED', 'Bad', { issues: [{ path: '/a', message: 'x' }] }))
        .context,
    ).toEqual({
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

  it('answers a code no registry has (from data) as an internal error, never with a guessed status', () => {
    const fromData = new GatewayError('NO_SUCH_CODE' as never, 'The provider said something', { secret: 'x' })
    expect(toErrorBody(fromData)).toEqual({
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      message: 'Internal server error',
    })
  })

  it.each([
    ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 415, 400, 'UNSUPPORTED_MEDIA_TYPE'],
    ['FST_ERR_CTP_BODY_TOO_LARGE', 413, 413, 'BODY_TOO_LARGE'],
    ['FST_ERR_CTP_EMPTY_JSON_BODY', 400, 400, 'MALFORMED_JSON'],
    ['FST_ERR_CTP_INVALID_CONTENT_LENGTH', 400, 400, 'BAD_REQUEST'],
    ['FST_ERR_BAD_URL', 400, 400, 'BAD_REQUEST'],
  ])("maps fastify's %s (%i) to a registered code: %i %s", (fastifyCode, status, statusCode, code) => {
    const error = Object.assign(new Error('Fixed message'), { statusCode: status, code: fastifyCode })
    expect(toErrorBody(error)).toEqual({ statusCode, code, message: 'Fixed message' })
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
