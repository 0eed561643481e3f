/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * Unique within its collection, compared case-insensitively. Must not be empty (checked by validateEntities, code empty-id).
 *
 * This interface was referenced by `Entities`'s JSON-Schema
 * via the `definition` "EntityId".
 */
export type EntityId = string
/**
 * Roles follow the organization's own hierarchy and access policies.
 *
 * This interface was referenced by `Entities`'s JSON-Schema
 * via the `definition` "UserRole".
 */
export type UserRole = 'root' | 'admin' | 'member' | 'manager'
/**
 * A 20-byte EVM address, 0x-prefixed hex in any letter case.
 *
 * This interface was referenced by `Entities`'s JSON-Schema
 * via the `definition` "EvmAddress".
 */
export type EvmAddress = string
/**
 * eoa: an externally owned account; 4337: an ERC-4337 smart account.
 *
 * This interface was referenced by `Entities`'s JSON-Schema
 * via the `definition` "AccountType".
 */
export type AccountType = 'eoa' | '4337'
/**
 * EIP-155 chain id (1 Ethereum, 8453 Base, 42161 Arbitrum One, 137 Polygon...).
 *
 * This interface was referenced by `Entities`'s JSON-Schema
 * via the `definition` "ChainId".
 */
export type ChainId = number
/**
 * This interface was referenced by `Entities`'s JSON-Schema
 * via the `definition` "AccountClassification".
 */
export type AccountClassification = 'external' | 'counterparty' | 'internal' | 'managed'

/**
 * An organization described as data for the policy engine: users, groups, accounts, credentials, tokens and the address book. It mirrors the organization; it is not its source of truth.
 */
export interface Entities {
  /**
   * The URI of this document's schema, so editors can validate and complete it.
   */
  $schema?: string
  users: UserEntity[]
  userGroups: UserGroupEntity[]
  userGroupMembers: UserGroupMemberEntity[]
  userAccounts: UserAccountEntity[]
  credentials: CredentialEntity[]
  accounts: AccountEntity[]
  accountGroups: AccountGroupEntity[]
  accountGroupMembers: AccountGroupMemberEntity[]
  tokens: TokenEntity[]
  addressBook: AddressBookAccountEntity[]
}
/**
 * This interface was referenced by `Entities`'s JSON-Schema
 * via the `definition` "UserEntity".
 */
export interface UserEntity {
  id: EntityId
  role: UserRole
}
/**
 * This interface was referenced by `Entities`'s JSON-Schema
 * via the `definition` "UserGroupEntity".
 */
export interface UserGroupEntity {
  id: EntityId
  name: string
}
/**
 * This interface was referenced by `Entities`'s JSON-Schema
 * via the `definition` "UserGroupMemberEntity".
 */
export interface UserGroupMemberEntity {
  userId: EntityId
  groupId: EntityId
}
/**
 * Assigns an account to a user.
 *
 * This interface was referenced by `Entities`'s JSON-Schema
 * via the `definition` "UserAccountEntity".
 */
export interface UserAccountEntity {
  userId: EntityId
  accountId: EntityId
}
/**
 * A public key that authenticates a user.
 *
 * This interface was referenced by `Entities`'s JSON-Schema
 * via the `definition` "CredentialEntity".
 */
export interface CredentialEntity {
  id: EntityId
  userId: EntityId
  key: Jwk
  webauthn?: WebAuthnCredential
}
/**
 * A public key as a JSON Web Key (RFC 7517). Any JWK member is allowed.
 *
 * This interface was referenced by `Entities`'s JSON-Schema
 * via the `definition` "Jwk".
 */
export interface Jwk {
  kty: string
  alg?: string
  kid?: string
  crv?: string
  x?: string
  y?: string
  n?: string
  e?: string
  use?: string
  [k: string]: unknown
}
/**
 * Makes the credential a passkey: its key (a P-256 EC key for ES256, or an Ed25519 OKP key for EdDSA, as JWK) lives in an authenticator that signs WebAuthn assertions, not JWS. The gateway enrols it and verifies its assertions; counter is the signature counter it reported at enrolment (the gateway keeps the latest it has seen).
 *
 * This interface was referenced by `Entities`'s JSON-Schema
 * via the `definition` "WebAuthnCredential".
 */
export interface WebAuthnCredential {
  /**
   * The WebAuthn credential id the authenticator gave at registration, base64url without padding.
   */
  credentialId: string
  /**
   * The authenticator's signature counter at enrolment (0 for authenticators that keep none).
   */
  counter: number
  /**
   * How the browser can reach the authenticator, as it reported at registration.
   *
   * @maxItems 8
   */
  transports?:
    | []
    | ['ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb']
    | [
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb',
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb'
      ]
    | [
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb',
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb',
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb'
      ]
    | [
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb',
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb',
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb',
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb'
      ]
    | [
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb',
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb',
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb',
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb',
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb'
      ]
    | [
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb',
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb',
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb',
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb',
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb',
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb'
      ]
    | [
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb',
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb',
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb',
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb',
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb',
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb',
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb'
      ]
    | [
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb',
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb',
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb',
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb',
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb',
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb',
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb',
        'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb'
      ]
}
/**
 * This interface was referenced by `Entities`'s JSON-Schema
 * via the `definition` "AccountEntity".
 */
export interface AccountEntity {
  id: EntityId
  address: EvmAddress
  accountType: AccountType
  chainId: ChainId
}
/**
 * This interface was referenced by `Entities`'s JSON-Schema
 * via the `definition` "AccountGroupEntity".
 */
export interface AccountGroupEntity {
  id: EntityId
}
/**
 * This interface was referenced by `Entities`'s JSON-Schema
 * via the `definition` "AccountGroupMemberEntity".
 */
export interface AccountGroupMemberEntity {
  accountId: EntityId
  groupId: EntityId
}
/**
 * An ERC-20 token. Its id is the CAIP-19 asset id eip155:<chainId>/erc20:<address>.
 *
 * This interface was referenced by `Entities`'s JSON-Schema
 * via the `definition` "TokenEntity".
 */
export interface TokenEntity {
  id: EntityId
  address: EvmAddress
  symbol?: string | null
  chainId: ChainId
  decimals: number
}
/**
 * This interface was referenced by `Entities`'s JSON-Schema
 * via the `definition` "AddressBookAccountEntity".
 */
export interface AddressBookAccountEntity {
  id: EntityId
  address: EvmAddress
  chainId: ChainId
  classification: AccountClassification
}
