import type { GrantedAccessRow } from '../core/database/grantsSchema'
import type { AccessTokenResponse } from '../generated/accessTokenResponse'

export type { AccessTokenResponse }

/** The access token object of RFC 9635 §3.2.1 as Rampart returns it (from continue and from rotation). */
export function accessTokenResponse(input: {
  origin: string
  tokenId: string
  label: string | null
  value: string
  manageValue: string
  access: GrantedAccessRow[]
  expiresAt: Date
  now: Date
}): AccessTokenResponse {
  return {
    access_token: {
      label: input.label,
      value: input.value,
      manage: {
        uri: `${input.origin}/v1/grant/tokens/${input.tokenId}`,
        access_token: { value: input.manageValue },
      },
      access: input.access,
      expires_in: Math.max(0, Math.floor((input.expiresAt.getTime() - input.now.getTime()) / 1000)),
    },
  }
}
