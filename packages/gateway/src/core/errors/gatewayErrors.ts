import type { ErrorRegistry } from '@rampart/entities'
import { providerErrors } from './providerErrors'
import { replayErrors } from './replayErrors'

/**
 * Every code the gateway answers with: the HTTP status and what it means. Clients match on the codes, so a code
 * keeps its meaning and status; `error.schema.json`'s `code` enum and the README's table are generated from this
 * table (`pnpm errors:generate`), and the custody providers' codes (providerErrors.ts) are codes of it too.
 */
export const gatewayErrors = {
  // 400: the request cannot be read.
  BAD_REQUEST: {
    httpStatus: 400,
    meaning:
      'The request cannot be read: a query value out of its set, a bad URL, a body that does not match its length.',
  },
  MALFORMED_JSON: { httpStatus: 400, meaning: 'The body is not JSON.' },
  INVALID_UTF8: {
    httpStatus: 400,
    meaning:
      'The body is not UTF-8; context gives the offset, line and column of the first byte that is not.',
  },
  JSON_TOO_DEEP: { httpStatus: 400, meaning: 'The body nests arrays and objects more than 64 levels deep.' },
  FORBIDDEN_JSON_MEMBER: {
    httpStatus: 400,
    meaning: 'The body has a __proto__ or constructor.prototype member.',
  },
  UNSUPPORTED_MEDIA_TYPE: { httpStatus: 400, meaning: 'The body is not application/json.' },
  INVALID_CURSOR: {
    httpStatus: 400,
    meaning: 'The cursor is not one this gateway issued, or was issued for another order.',
  },
  GRANT_REQUEST_INVALID: { httpStatus: 400, meaning: 'The grant request does not match its schema.' },
  GRANT_TOKEN_UNEXPECTED: { httpStatus: 400, meaning: 'A grant request carries an Authorization header.' },
  GRANT_CLIENT_MISMATCH: { httpStatus: 400, meaning: "The grant request's client is not the x-client-id." },
  GRANT_FINISH_URI_INVALID: {
    httpStatus: 400,
    meaning: 'The interaction finish URI is not one the gateway calls.',
  },
  GRANT_NETWORK_UNKNOWN: {
    httpStatus: 400,
    meaning: 'The grant request names a network the gateway does not know.',
  },
  GRANT_LOCATION_UNKNOWN: {
    httpStatus: 400,
    meaning: 'The grant request names a connection the client does not have.',
  },
  GRANT_USER_UNKNOWN: {
    httpStatus: 400,
    meaning: "The grant request names a user that is not in the client's entities.",
  },
  GRANT_PENDING: { httpStatus: 400, meaning: 'The user has not answered the grant yet.' },
  GRANT_EXPIRED: { httpStatus: 400, meaning: 'The interaction or the grant expired.' },
  GRANT_INTERACT_REF_INVALID: { httpStatus: 400, meaning: 'interact_ref does not match the interaction.' },

  // 401: the caller could not be authenticated.
  UNAUTHENTICATED: { httpStatus: 401, meaning: 'The route needs an authenticated client.' },
  ADMIN_KEY_INVALID: { httpStatus: 401, meaning: 'An admin route without a valid x-api-key.' },
  APPROVER_SESSION_REQUIRED: {
    httpStatus: 401,
    meaning:
      'The approvals page needs an approver signed in with a passkey (its session expired or is unknown).',
  },
  CLIENT_ID_MISSING: { httpStatus: 401, meaning: 'A client route without the x-client-id header.' },
  CLIENT_UNKNOWN: { httpStatus: 401, meaning: 'The client is not registered.' },
  AUTHORIZATION_MALFORMED: { httpStatus: 401, meaning: 'The Authorization header is not GNAP <token>.' },
  JWS_MISSING: { httpStatus: 401, meaning: 'The request has no detached-jws header.' },
  JWS_MALFORMED: {
    httpStatus: 401,
    meaning: 'The detached-jws header is not a compact JWS with the required members.',
  },
  JWS_TYPE_INVALID: { httpStatus: 401, meaning: 'The signature is not of typ gnap-binding-jwsd.' },
  JWS_ALGORITHM_REFUSED: {
    httpStatus: 401,
    meaning: "The signature's algorithm is not accepted, or not the key's.",
  },
  JWS_UNKNOWN_KEY: { httpStatus: 401, meaning: 'The kid is none of the client’s keys.' },
  JWS_SIGNATURE_INVALID: { httpStatus: 401, meaning: 'The signature does not verify.' },
  WEBHOOK_SIGNATURE_INVALID: {
    httpStatus: 401,
    meaning:
      "A provider webhook whose signature does not verify with the provider's keys: refused, not read.",
  },
  JWS_METHOD_MISMATCH: { httpStatus: 401, meaning: 'The signed htm is not the request’s method.' },
  JWS_URI_MISMATCH: { httpStatus: 401, meaning: 'The signed uri is not the request’s.' },
  JWS_ORIGIN_MISMATCH: {
    httpStatus: 401,
    meaning: 'The signed uri is for another origin than this gateway’s.',
  },
  JWS_CREATED_OUT_OF_WINDOW: {
    httpStatus: 401,
    meaning: 'The signature was made too long ago, or in the future.',
  },
  JWS_PAYLOAD_MISMATCH: { httpStatus: 401, meaning: 'The signed payload is not the request’s body.' },
  JWS_ATH_MISMATCH: {
    httpStatus: 401,
    meaning: 'The signed ath is missing or is not the hash of the access token.',
  },
  JWS_REPLAYED: { httpStatus: 401, meaning: 'This signed request was already used.' },
  JWS_REPLAY_STORE_FULL: {
    httpStatus: 401,
    meaning: 'Too many signed requests within the accepted window; retry shortly.',
  },
  GRANT_TOKEN_REQUIRED: { httpStatus: 401, meaning: 'The route needs an access token and none was given.' },
  GRANT_TOKEN_INVALID: { httpStatus: 401, meaning: 'The access token is unknown, or bound to another key.' },
  GRANT_TOKEN_REVOKED: { httpStatus: 401, meaning: 'The access token was revoked.' },
  GRANT_TOKEN_EXPIRED: { httpStatus: 401, meaning: 'The access token has expired.' },
  GRANT_CONTINUATION_MISSING: {
    httpStatus: 401,
    meaning: 'Continuing a grant without its continuation token.',
  },
  GRANT_CONTINUATION_INVALID: {
    httpStatus: 401,
    meaning: 'The continuation token is not valid for this client key.',
  },
  GRANT_CONTINUATION_USED: { httpStatus: 401, meaning: 'The grant was already continued.' },
  GRANT_MANAGEMENT_TOKEN_MISSING: {
    httpStatus: 401,
    meaning: 'Managing a token without its management token.',
  },
  GRANT_MANAGEMENT_TOKEN_INVALID: {
    httpStatus: 401,
    meaning: 'The management token is not valid for this token.',
  },

  // 403: the caller is known but may not do this.
  POLICY_FORBIDDEN: {
    httpStatus: 403,
    meaning: 'The policies forbid the request; context has the decision and the recorded request id.',
  },
  GRANT_DENIED: { httpStatus: 403, meaning: 'The user denied the grant.' },
  PAGE_POST_REFUSED: {
    httpStatus: 403,
    meaning: 'A passkey page post from another origin, or without the session’s CSRF token.',
  },
  GRANT_ROUTE_NOT_COVERED: { httpStatus: 403, meaning: 'Access tokens cannot be used on this route.' },
  GRANT_ACTION_NOT_COVERED: { httpStatus: 403, meaning: 'The access token does not grant this action.' },
  GRANT_CONNECTION_REQUIRED: {
    httpStatus: 403,
    meaning: 'An access token acts on a named connection: send x-connection-id.',
  },
  GRANT_LOCATION_NOT_COVERED: {
    httpStatus: 403,
    meaning: 'The access token does not cover this connection.',
  },
  GRANT_NETWORK_NOT_COVERED: { httpStatus: 403, meaning: 'The access token does not cover this network.' },

  // 404: nothing with that id is visible to this client.
  ROUTE_NOT_FOUND: { httpStatus: 404, meaning: 'No route has this method and path.' },
  CLIENT_NOT_FOUND: { httpStatus: 404, meaning: 'No client has this id.' },
  CONNECTION_NOT_FOUND: { httpStatus: 404, meaning: 'The client has no connection with this id.' },
  WALLET_NOT_FOUND: { httpStatus: 404, meaning: 'The client has no wallet with this id.' },
  ACCOUNT_NOT_FOUND: { httpStatus: 404, meaning: 'The client has no account with this id.' },
  ADDRESS_NOT_FOUND: { httpStatus: 404, meaning: 'The client has no address with this id.' },
  ASSET_NOT_FOUND: { httpStatus: 404, meaning: 'No asset matches the one named.' },
  POSITION_NOT_FOUND: { httpStatus: 404, meaning: 'No staking position matches the one named.' },
  REQUEST_NOT_FOUND: { httpStatus: 404, meaning: 'The client has no signing request with this id.' },
  PROPOSAL_NOT_FOUND: { httpStatus: 404, meaning: 'The client has no policy proposal with this id.' },
  POLICY_VERSION_NOT_FOUND: {
    httpStatus: 404,
    meaning: 'The client has no applied policy version with this number.',
  },

  // 409: the request conflicts with the current state.
  CLIENT_EXISTS: { httpStatus: 409, meaning: 'A client with this id already exists.' },
  CONNECTION_EXISTS: { httpStatus: 409, meaning: 'A connection with this id already exists.' },
  CONNECTION_REVOKED: { httpStatus: 409, meaning: 'The connection is revoked.' },
  REQUEST_ID_TAKEN: { httpStatus: 409, meaning: 'Another signing request already uses this id.' },
  IDEMPOTENCE_CONFLICT: { httpStatus: 409, meaning: 'The idempotenceId was already used with another body.' },
  NOT_PENDING_APPROVAL: { httpStatus: 409, meaning: 'The signing request is not waiting for approvals.' },
  APPROVAL_CONFLICT: { httpStatus: 409, meaning: 'The signing request changed while approving; retry.' },
  POLICIES_GOVERNED: {
    httpStatus: 409,
    meaning:
      "The client's policies, entities and presets change only through proposals approved by its quorum (POST /v1/admin/clients/{id}/proposals).",
  },
  PROPOSAL_CLOSED: {
    httpStatus: 409,
    meaning:
      'The proposal is no longer open (APPLIED, REJECTED, EXPIRED or SUPERSEDED); context.status says which.',
  },
  PASSKEY_APPROVALS_UNAVAILABLE: {
    httpStatus: 409,
    meaning:
      'The set that approves the proposal names no WebAuthn relying party (governance.webauthn): its passkeys cannot approve it; propose a governance with webauthn first.',
  },
  PROPOSAL_QUORUM_NOT_MET: {
    httpStatus: 409,
    meaning: "The proposal's approvals do not meet the quorum of the live version; it stays open.",
  },
  POLICY_SET_REFUSED: {
    httpStatus: 409,
    meaning:
      'The evaluator refuses the proposed signed set (altered content, out of order, invalid); context.code and context.issues say why.',
  },
  SHADOW_TAKEN: {
    httpStatus: 409,
    meaning: 'Another proposal of the client is in shadow (context.proposalId); take it out of shadow first.',
  },
  REQUEST_REJECTED: {
    httpStatus: 409,
    meaning:
      'An approver rejected the signing request (status rejected); the failure message gives their reason.',
  },
  GRANT_CONNECTION_UNDER_GRANT: {
    httpStatus: 409,
    meaning: 'A connection the user picked has since come under another grant.',
  },

  // 405: a known path, another method.
  METHOD_NOT_ALLOWED: {
    httpStatus: 405,
    meaning: 'The path exists but not with this method; the Allow header lists the methods it takes.',
  },

  // 413: too large.
  BODY_TOO_LARGE: {
    httpStatus: 413,
    meaning:
      "The body is larger than the route's limit: 1 MiB, or 64 MiB on the admin routes that take a whole organization.",
  },

  // 422: the request parses but fails its schema or a rule; context.issues has a JSON Pointer each.
  VALIDATION_FAILED: {
    httpStatus: 422,
    meaning:
      'The request does not match its schema or a rule; context.issues lists { path, message, keyword, in }.',
  },
  CLIENT_INVALID: {
    httpStatus: 422,
    meaning: 'The client registration (entities, policies, keys) is invalid.',
  },
  PROPOSAL_INVALID: {
    httpStatus: 422,
    meaning: 'The proposed policies, entities, presets or governance are invalid; context.issues says where.',
  },
  PROVIDER_UNKNOWN: { httpStatus: 422, meaning: 'The provider named is none of this gateway’s.' },
  TRANSIT_KEY_UNKNOWN: {
    httpStatus: 422,
    meaning: 'The credentials are encrypted to no live transit key of the client.',
  },
  CREDENTIALS_MALFORMED: {
    httpStatus: 422,
    meaning: 'The encrypted credentials are not a compact JWE of JSON.',
  },
  CREDENTIALS_ALGORITHM_REFUSED: {
    httpStatus: 422,
    meaning: 'The credentials are not encrypted with RSA-OAEP-256 and A256GCM.',
  },
  CREDENTIALS_UNDECRYPTABLE: {
    httpStatus: 422,
    meaning: 'The credentials do not decrypt with the transit key.',
  },
  PRESET_UNKNOWN: { httpStatus: 422, meaning: 'A protocol preset named is unknown.' },
  AMOUNT_INVALID: {
    httpStatus: 422,
    meaning: 'The amount is not a positive decimal within the asset’s decimals.',
  },
  POSITION_SELECTOR_INVALID: {
    httpStatus: 422,
    meaning: 'The position is named both by id and by validator and stake account, or by neither.',
  },
  APPROVAL_INVALID: {
    httpStatus: 422,
    meaning: 'The approval is not a valid signed approval of this request.',
  },
  REJECTION_INVALID: {
    httpStatus: 422,
    meaning: 'The rejection is not a valid signed rejection of this request, or gives no reason.',
  },
  PASSKEY_INVALID: {
    httpStatus: 422,
    meaning:
      'The passkey assertion or registration does not verify: another origin or challenge, a used or expired challenge, no user verification, a lagging counter.',
  },
  ENROLMENT_INVALID: {
    httpStatus: 422,
    meaning: 'The passkey enrolment link is unknown, expired or already used.',
  },

  // 500: never any detail.
  INTERNAL_ERROR: {
    httpStatus: 500,
    meaning: 'The gateway failed; the response carries no detail, the log does.',
  },

  // 502: the custody provider failed.
  PROVIDER_CONNECT_FAILED: { httpStatus: 502, meaning: 'The provider could not open the connection.' },
  INTERRUPTED: {
    httpStatus: 502,
    meaning: 'The gateway stopped before the provider answered: whether it signed is unknown.',
  },

  ...providerErrors,
  ...replayErrors,
} satisfies ErrorRegistry

export type GatewayErrorCode = keyof typeof gatewayErrors
