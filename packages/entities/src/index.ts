// The public face of @rampart/entities.

export {
  type AppliedChange,
  applyEntityChanges,
  type EntityChange,
  type EntityChangesResult,
} from './applyEntityChanges'
export {
  applyEntityChangesToDocument,
  applyEntityChangesToDocumentInSteps,
} from './applyEntityChangesToDocument'
export { checkPublicJwk, type JwkProblem } from './checkPublicJwk'
export { isPasskeyKey } from './checks/checkCredentials'
export { decodeUtf8 } from './decodeUtf8'
export {
  defineErrors,
  type ErrorArguments,
  type ErrorDefinition,
  type ErrorDetails,
  type ErrorRegistry,
  isRegisteredCode,
  RegisteredError,
  type RegisteredErrorClass,
} from './defineErrors'
export { emptyEntities } from './emptyEntities'
export {
  EntitiesJsonError,
  type EntitiesJsonErrorCode,
  type EntitiesJsonErrorDetails,
  entitiesJsonErrors,
} from './entitiesJsonError'
export {
  entityChangesBetween,
  entityChangesBetweenInSteps,
  type OrganizationDocument,
} from './entityChangesBetween'
export { type EntityChangesWithOrder, entityChangesWithOrderInSteps } from './entityChangesWithOrder'
export {
  detectEntityKind,
  ENTITY_KINDS,
  type EntityDocument,
  type EntityKind,
  entityKindNames,
  isEntityKind,
} from './entityKinds'
export { findDuplicateKey } from './findDuplicateKey'
export type {
  AccountClassification,
  AccountEntity,
  AccountGroupEntity,
  AccountGroupMemberEntity,
  AccountType,
  AddressBookAccountEntity,
  ChainId,
  CredentialEntity,
  Entities,
  EntityId,
  EvmAddress,
  Jwk,
  TokenEntity,
  UserAccountEntity,
  UserEntity,
  UserGroupEntity,
  UserGroupMemberEntity,
  UserRole,
} from './generated/entities'
export type { AccountEntities } from './generated/partial/account'
export type { AccountGroupEntities } from './generated/partial/accountGroup'
export type { AddressBookEntities } from './generated/partial/addressBook'
export type { CredentialEntities } from './generated/partial/credential'
export type { TokenEntities } from './generated/partial/token'
export type { UserEntities } from './generated/partial/user'
export type { UserAccountEntities } from './generated/partial/userAccount'
export type { UserGroupEntities } from './generated/partial/userGroup'
export { type EntityIndex, indexEntities } from './indexEntities'
export {
  ENTITY_ISSUE_CODES,
  type EntitiesValidation,
  type EntityIssue,
  type EntityIssueCode,
  type EntityValidationResult,
  escapePointerToken,
  type IssueSeverity,
} from './issue'
export {
  addressKey,
  ID_COLLECTIONS,
  type IdCollection,
  LINK_SIDES,
  type LinkCollection,
  MutableEntityIndex,
} from './mutableEntityIndex'
export {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_DEPTH,
  type ParseEntitiesJsonOptions,
  parseEntitiesJson,
} from './parseEntitiesJson'
export { type PatternEngine, patternEngine } from './patternEngine'
export {
  allowedValuesMessage,
  closestName,
  describeSchemaErrors,
  type SchemaProblem,
  unknownMemberMessage,
} from './schemaMessages'
export { entitySchemas } from './schemaValidator'
export { runToEnd, type Steps } from './steps'
export {
  type LoadedEntities,
  loadEntities,
  loadEntitiesInSteps,
  type ValidateEntitiesOptions,
  validateEntities,
} from './validateEntities'
