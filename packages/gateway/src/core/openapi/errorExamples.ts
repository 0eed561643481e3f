import type { ErrorBody } from '../errors/errorBody'

/** What the examples of a route's error responses depend on. */
export type ExampleFacts = {
  url: string
  hasBody: boolean
  auth: 'client' | 'admin' | 'none'
  validationStatus: 400 | 422
  /** The action an access token needs on this route, when one is classified. */
  grantAction?: string
}

type Examples = Record<string, { summary: string; value: ErrorBody }>

function example(
  statusCode: number,
  code: ErrorBody['code'],
  message: string,
  context?: Record<string, unknown>,
): Examples {
  return {
    [code]: { summary: message, value: { statusCode, code, message, ...(context ? { context } : {}) } },
  }
}

/** The record a path parameter names, for the 404 a handler answers when it does not exist. */
const notFoundByParameter: Record<string, [code: ErrorBody['code'], message: string]> = {
  walletId: ['WALLET_NOT_FOUND', 'Wallet not found'],
  accountId: ['ACCOUNT_NOT_FOUND', 'Account not found'],
  addressId: ['ADDRESS_NOT_FOUND', 'Address not found'],
  connectionId: ['CONNECTION_NOT_FOUND', 'Connection not found'],
  clientId: ['CLIENT_NOT_FOUND', 'Client not found'],
  id: ['REQUEST_NOT_FOUND', 'Request not found'],
}

function notFound(url: string): Examples {
  const parameter = /:([A-Za-z]+)/.exec(url)?.[1]
  // Routes without one read through the x-connection-id header, which names a connection.
  const [code, message] = notFoundByParameter[parameter ?? 'connectionId'] ?? [
    'CONNECTION_NOT_FOUND',
    'Connection not found',
  ]
  return example(404, code, message)
}

function conflict(facts: ExampleFacts): Examples {
  if (facts.url.endsWith('/approve'))
    return example(409, 'APPROVAL_CONFLICT', 'The request changed while approving; retry')
  if (facts.url === '/v1/admin/clients')
    return example(409, 'CLIENT_EXISTS', 'A client with this id already exists')
  if (facts.url === '/v1/continue')
    return example(409, 'GRANT_PENDING', 'The user has not approved this grant yet')
  if (facts.hasBody && facts.url.startsWith('/v1/provider/') && !facts.url.includes('connections')) {
    return example(409, 'IDEMPOTENCE_CONFLICT', 'This idempotenceId was already used with a different body', {
      requestId: 'a3c1e2f0-8d4b-4f7e-9a51-6b0d2c7e9f13',
    })
  }
  return example(409, 'CONNECTION_REVOKED', 'The connection is revoked')
}

/** A real error body per status, as the gateway answers it on this route (see core/http/errorHandler.ts). */
export function errorExamples(status: number, facts: ExampleFacts): Examples {
  switch (status) {
    case 400:
      return {
        ...(facts.hasBody ? example(400, 'MALFORMED_JSON', 'The body is not valid JSON') : {}),
        ...(facts.validationStatus === 400
          ? example(400, 'GRANT_REQUEST_INVALID', 'The grant request does not match its schema', {
              issues: [
                {
                  path: '/interact/finish/uri',
                  message: 'must match format "uri"',
                  keyword: 'format',
                  in: 'body',
                },
              ],
            })
          : {}),
        ...(facts.url.includes(':')
          ? example(400, 'BAD_REQUEST', "'%E0%A4%A' is not a valid url component")
          : {}),
        ...(!facts.hasBody && !facts.url.includes(':')
          ? example(400, 'INVALID_CURSOR', 'The cursor is not one this gateway issued')
          : {}),
      }
    case 401:
      return facts.auth === 'admin'
        ? example(401, 'ADMIN_KEY_INVALID', 'A valid admin x-api-key is required')
        : example(401, 'CLIENT_ID_MISSING', 'The x-client-id header is required')
    case 403:
      return facts.grantAction
        ? example(403, 'GRANT_ACTION_NOT_COVERED', `The access token does not grant ${facts.grantAction}`, {
            action: facts.grantAction,
          })
        : example(403, 'GRANT_ROUTE_NOT_COVERED', 'Access tokens cannot be used on this route')
    case 404:
      return notFound(facts.url)
    case 409:
      return conflict(facts)
    case 413:
      return example(413, 'BODY_TOO_LARGE', 'Request body is too large')
    case 422:
      return example(422, 'VALIDATION_FAILED', 'The request does not match its schema', {
        issues: [
          facts.hasBody
            ? {
                path: '/idempotenceId',
                message: "must have required property 'idempotenceId'",
                keyword: 'required',
                in: 'body',
              }
            : { path: '/limit', message: 'must be <= 100', keyword: 'maximum', in: 'querystring' },
        ],
      })
    case 502:
      return example(502, 'PROVIDER_UNAVAILABLE', 'The custodian did not answer')
    default:
      return example(500, 'INTERNAL_ERROR', 'Internal server error')
  }
}
