/** One validation failure: where (a JSON Pointer into the request part) and why. */
export type ValidationIssue = { path: string; message: string; keyword?: string; in?: string }

/**
 * The base of every error the gateway answers with. The response body is
 * `{ statusCode, code, message, context? }`: `code` is stable for clients to match on, `message` is for humans,
 * `context` (from `details`) carries machine-readable specifics and never secrets.
 */
export class GatewayError extends Error {
  override name = 'GatewayError'
  readonly statusCode: number
  readonly code: string
  readonly details: Record<string, unknown> | undefined

  constructor(statusCode: number, code: string, message: string, details?: Record<string, unknown>) {
    super(message)
    this.statusCode = statusCode
    this.code = code
    this.details = details
  }
}

/** 400: the request cannot be parsed (malformed JSON, wrong content type, unreadable cursor). */
export class BadRequestError extends GatewayError {
  override name = 'BadRequestError'
  constructor(message: string, code = 'BAD_REQUEST', details?: Record<string, unknown>) {
    super(400, code, message, details)
  }
}

/** 422: the request parses but fails its schema or a semantic rule; each issue has a JSON Pointer. */
export class ValidationError extends GatewayError {
  override name = 'ValidationError'
  constructor(message: string, issues: ValidationIssue[], code = 'VALIDATION_FAILED') {
    super(422, code, message, { issues })
  }
}

/** 401: the caller could not be authenticated. The reason is logged, and given to the caller as a code. */
export class AuthenticationError extends GatewayError {
  override name = 'AuthenticationError'
  constructor(message: string, code = 'UNAUTHENTICATED') {
    super(401, code, message)
  }
}

/** 403: the caller is known but may not do this. */
export class ForbiddenError extends GatewayError {
  override name = 'ForbiddenError'
  constructor(message: string, code = 'FORBIDDEN', details?: Record<string, unknown>) {
    super(403, code, message, details)
  }
}

/** 404: nothing with that id is visible to this client. */
export class NotFoundError extends GatewayError {
  override name = 'NotFoundError'
  constructor(message: string, code = 'NOT_FOUND') {
    super(404, code, message)
  }
}

/** 409: the request conflicts with the current state (duplicate id, revoked connection). */
export class ConflictError extends GatewayError {
  override name = 'ConflictError'
  constructor(message: string, code = 'CONFLICT', details?: Record<string, unknown>) {
    super(409, code, message, details)
  }
}

/** 502: the custody provider failed or answered something unusable. */
export class BadGatewayError extends GatewayError {
  override name = 'BadGatewayError'
  constructor(message: string, code = 'PROVIDER_FAILED', details?: Record<string, unknown>) {
    super(502, code, message, details)
  }
}
