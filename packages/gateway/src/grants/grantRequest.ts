import type { HashMethod } from './interactionHash'

/** The body of `POST /v1/grant` once validated against `schemas/gateway/grants/grantRequest.schema.json`. */
export type GrantRequest = {
  client: string
  providers: 'production' | 'all' | 'sandbox'
  networks: string[] | string
  access_token: {
    label?: string
    access: { type: 'connection'; actions: string[]; locations?: string[] }[]
  }
  user?: { id: string }
  interact: {
    start: string[]
    finish: { method: 'redirect'; uri: string; nonce: string; hash_method: HashMethod }
  }
  capabilities?: string[]
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
