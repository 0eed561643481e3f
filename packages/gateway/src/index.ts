// The public face of @rampart/gateway.

export { type BuildGatewayOptions, buildGateway } from './app/buildGateway'
export { createGateway, type Gateway } from './app/createGateway'
export { generateOpenApi } from './app/generateOpenApi'
export { type AuthenticatedClient, clientOf, gnapToken, type RouteAuth } from './auth/authPlugin'
export { type SignRequestInput, signRequest } from './auth/signRequest'
export { type DetachedJwsHeader, jwsdType, verifyDetachedJws } from './auth/verifyDetachedJws'
export { ConnectionSessions } from './connections/connectionSessions'
export { type SyncSummary, syncConnection } from './connections/syncConnection'
export { assetCatalogue, type CatalogueAsset } from './core/catalogue/assetCatalogue'
export { type CatalogueNetwork, networkCatalogue } from './core/catalogue/networkCatalogue'
export type { GatewayConfig } from './core/config/gatewayConfig'
export { ConfigError, type GatewayConfigFile, loadConfig } from './core/config/loadConfig'
export { openEnvelope, parseMasterKey, sealEnvelope } from './core/crypto/envelope'
export { generateSigningJwk, type SigningKeyPair } from './core/crypto/generateSigningJwk'
export { allowedJwsAlgorithms, type JwsAlgorithm } from './core/crypto/jwsAlgorithms'
export { type SigningRequestRow, signingRequests } from './core/database/actionsSchema'
export {
  type Database,
  type DatabaseOptions,
  type OpenDatabase,
  openDatabase,
} from './core/database/openDatabase'
export * as tables from './core/database/schema'
export type { ErrorBody } from './core/errors/errorBody'
export { GatewayError, type ValidationIssue } from './core/errors/gatewayError'
export { type GatewayErrorCode, gatewayErrors } from './core/errors/gatewayErrors'
export { gatewaySchemas, ref } from './core/http/gatewaySchemas'
export { clientHeaders, dataOf, errorResponses, idParams, listQuery, pageOf } from './core/http/routeSchemas'
export { type ListQuery, type Page, paginate } from './core/pagination/paginate'
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
export { clientScope } from './resources/clientScope'
export { signingPlugin } from './signing/actions/signingPlugin'
export {
  APPROVAL_TYPE,
  type ApprovalPayload,
  signApproval,
  verifyApproval,
} from './signing/pipeline/approvalToken'
export { attestDecision } from './signing/pipeline/attestDecision'
