// The public face of @rampart/gateway.
export { signingPlugin } from './actions/signingPlugin'
export { type BuildGatewayOptions, buildGateway } from './app/buildGateway'
export { createGateway, type Gateway } from './app/createGateway'
export { type AuthenticatedClient, clientOf, gnapToken, type RouteAuth } from './auth/authPlugin'
export { allowedJwsAlgorithms, type JwsAlgorithm } from './auth/jwsAlgorithms'
export { type SignRequestInput, signRequest } from './auth/signRequest'
export { type DetachedJwsHeader, jwsdType, verifyDetachedJws } from './auth/verifyDetachedJws'
export { assetCatalogue, type CatalogueAsset } from './catalogue/assetCatalogue'
export { type CatalogueNetwork, networkCatalogue } from './catalogue/networkCatalogue'
export type { GatewayConfig } from './config/gatewayConfig'
export { ConfigError, type GatewayConfigFile, loadConfig } from './config/loadConfig'
export { ConnectionSessions } from './connections/connectionSessions'
export { openEnvelope, parseMasterKey, sealEnvelope } from './crypto/envelope'
export { generateSigningJwk, type SigningKeyPair } from './crypto/generateSigningJwk'
export { type SigningRequestRow, signingRequests } from './db/actionsSchema'
export { type Database, type DatabaseOptions, type OpenDatabase, openDatabase } from './db/openDatabase'
export * as tables from './db/schema'
export type { ErrorBody } from './errors/errorBody'
export {
  AuthenticationError,
  BadGatewayError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  GatewayError,
  NotFoundError,
  ValidationError,
  type ValidationIssue,
} from './errors/gatewayError'
export {
  type GrantAction,
  type GrantLocation,
  grantActions,
  type RouteGrant,
  routeGrants,
} from './grants/grantActions'
export { createGrantsPlugin, grantsPlugin } from './grants/grantsPlugin'
export { type HashMethod, interactionHash } from './grants/interactionHash'
export { type RequestGrant, requireGrant } from './grants/requireGrant'
export { signUserProof, USER_PROOF_TYPE, type UserProofPayload } from './grants/userProof'
export { gatewaySchemas, ref } from './http/gatewaySchemas'
export { clientHeaders, dataOf, errorResponses, idParams, listQuery, pageOf } from './http/routeSchemas'
export { generateOpenApi } from './openapi/generateOpenApi'
export { type ListQuery, type Page, paginate } from './pagination/paginate'
export {
  APPROVAL_TYPE,
  type ApprovalPayload,
  signApproval,
  verifyApproval,
} from './pipeline/approvalToken'
export { attestDecision } from './pipeline/attestDecision'
export { clientScope } from './resources/clientScope'
export { type SyncSummary, syncConnection } from './sync/syncConnection'
