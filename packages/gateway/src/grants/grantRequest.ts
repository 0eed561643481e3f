import type { GrantAccessRight, GrantRequest as GrantRequestBody } from '../generated/grantRequest'
import type { HashMethod } from './interactionHash'

/**
 * The body of `POST /v1/grant` once validated against `schemas/gateway/grants/grantRequest.schema.json` (the
 * generated {@link GrantRequestBody}), with the schema's defaults applied and its arrays as plain arrays.
 */
export type GrantRequest = Omit<GrantRequestBody, 'providers' | 'networks' | 'access_token' | 'interact'> & {
  providers: NonNullable<GrantRequestBody['providers']>
  networks: string[] | string
  access_token: { label?: string; access: GrantAccessRight[] }
  interact: {
    start: string[]
    finish: Omit<GrantRequestBody['interact']['finish'], 'hash_method'> & { hash_method: HashMethod }
  }
}

/** The grant flow's timing; every clock read goes through `now` so tests can move time. */
export type GrantTimings = {
  /** How long the user has to answer at the redirect page, in seconds. */
  interactionTtlSeconds: number
  /** How long after the interaction closes the client may still continue an approved grant, in seconds. */
  continueGraceSeconds: number
  /** Lifetime of an access token (again from each rotation), in seconds. */
  accessTokenTtlSeconds: number
  now: () => Date
}

export const defaultGrantTimings: GrantTimings = {
  interactionTtlSeconds: 600,
  continueGraceSeconds: 600,
  accessTokenTtlSeconds: 3600,
  now: () => new Date(),
}
