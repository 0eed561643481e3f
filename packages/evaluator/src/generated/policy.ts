/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

import type { IntentType } from '@rampart/decoder'
export type { IntentType }

/**
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "Criterion".
 */
export type Criterion = {
  criterion:
    | 'checkAction'
    | 'checkResource'
    | 'checkPermission'
    | 'checkPrincipalId'
    | 'checkPrincipalRole'
    | 'checkPrincipalGroup'
    | 'checkAccountId'
    | 'checkAccountAddress'
    | 'checkAccountType'
    | 'checkAccountChainId'
    | 'checkAccountGroup'
    | 'checkAccountAssigned'
    | 'checkSourceId'
    | 'checkSourceAddress'
    | 'checkSourceAccountType'
    | 'checkSourceClassification'
    | 'checkDestinationId'
    | 'checkDestinationAddress'
    | 'checkDestinationAccountType'
    | 'checkDestinationClassification'
    | 'checkRecipientIsSender'
    | 'checkIntentType'
    | 'checkIntentChainId'
    | 'checkIntentAmount'
    | 'checkIntentContract'
    | 'checkIntentToken'
    | 'checkIntentSpender'
    | 'checkIntentHexSignature'
    | 'checkIntentFlags'
    | 'checkERC721TokenId'
    | 'checkERC1155TokenId'
    | 'checkERC1155Transfers'
    | 'checkIntentMessage'
    | 'checkIntentPayload'
    | 'checkIntentAlgorithm'
    | 'checkIntentDomain'
    | 'checkIntentTypedDataMessage'
    | 'checkPermitDeadline'
    | 'checkGasFeeAmount'
    | 'checkNonceExists'
    | 'checkNonceNotExists'
    | 'checkRequestTime'
    | 'checkEntryPointAddress'
    | 'checkEntryPointId'
    | 'checkEntryPointAccountType'
    | 'checkEntryPointClassification'
    | 'checkUserOperationIntents'
    | 'checkApprovals'
    | 'checkSpendingLimit'
    | 'checkRateLimit'
} & Criterion1
export type Criterion1 =
  | CheckAction
  | CheckResource
  | CheckPermission
  | CheckPrincipalId
  | CheckPrincipalRole
  | CheckPrincipalGroup
  | CheckAccountId
  | CheckAccountAddress
  | CheckAccountType
  | CheckAccountChainId
  | CheckAccountGroup
  | CheckAccountAssigned
  | CheckSourceId
  | CheckSourceAddress
  | CheckSourceAccountType
  | CheckSourceClassification
  | CheckDestinationId
  | CheckDestinationAddress
  | CheckDestinationAccountType
  | CheckDestinationClassification
  | CheckRecipientIsSender
  | CheckIntentType
  | CheckIntentChainId
  | CheckIntentAmount
  | CheckIntentContract
  | CheckIntentToken
  | CheckIntentSpender
  | CheckIntentHexSignature
  | CheckIntentFlags
  | CheckERC721TokenId
  | CheckERC1155TokenId
  | CheckERC1155Transfers
  | CheckIntentMessage
  | CheckIntentPayload
  | CheckIntentAlgorithm
  | CheckIntentDomain
  | CheckIntentTypedDataMessage
  | CheckPermitDeadline
  | CheckGasFeeAmount
  | CheckNonceExists
  | CheckNonceNotExists
  | CheckRequestTime
  | CheckEntryPointAddress
  | CheckEntryPointId
  | CheckEntryPointAccountType
  | CheckEntryPointClassification
  | CheckUserOperationIntents
  | CheckApprovals
  | CheckSpendingLimit
  | CheckRateLimit
/**
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "Action".
 */
export type Action =
  'signTransaction' | 'signMessage' | 'signTypedData' | 'signRaw' | 'signUserOperation' | 'grantPermission'
/**
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "EntityId".
 */
export type EntityId = string
/**
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "UserRole".
 */
export type UserRole = 'root' | 'admin' | 'member' | 'manager'
/**
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "Address".
 */
export type Address = string
/**
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "AccountType".
 */
export type AccountType = 'eoa' | '4337'
/**
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "ChainId".
 */
export type ChainId = number
/**
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "AccountClassification".
 */
export type AccountClassification = 'external' | 'counterparty' | 'internal' | 'managed'
/**
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "Operator".
 */
export type Operator = 'gt' | 'lt' | 'gte' | 'lte' | 'eq' | 'ne'
/**
 * CAIP-19 asset id, with a token id for NFTs.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "AssetId".
 */
export type AssetId = string
/**
 * A warning the decoder sets on an intent (intent.flags): delegatecall (a call made by DELEGATECALL, from a Safe or a MultiSend), safeGasRefund (a Safe transaction that refunds gas to its executor), zeroConsideration (a Seaport order in which nothing comes back to the offerer for its offer), siweAddressMismatch (a Sign-In with Ethereum message for another address than the signer), accountDeployment (a user operation that deploys its account), routerBalance (a Universal Router command on the router's whole balance), allowRevert (a Universal Router command allowed to fail). A batch, a user operation, a Safe transaction and a Universal Router plan also carry the flags of the calls inside them.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "IntentFlag".
 */
export type IntentFlag =
  | 'delegatecall'
  | 'safeGasRefund'
  | 'zeroConsideration'
  | 'siweAddressMismatch'
  | 'accountDeployment'
  | 'routerBalance'
  | 'allowRevert'
/**
 * A non-negative integer as a decimal string (base units).
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "DecimalString".
 */
export type DecimalString = string
/**
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "Weekday".
 */
export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun'
/**
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "IntentCriterion".
 */
export type IntentCriterion = {
  criterion:
    | 'checkRecipientIsSender'
    | 'checkIntentType'
    | 'checkIntentChainId'
    | 'checkIntentAmount'
    | 'checkIntentContract'
    | 'checkIntentToken'
    | 'checkIntentSpender'
    | 'checkIntentHexSignature'
    | 'checkIntentFlags'
    | 'checkDestinationAddress'
    | 'checkDestinationId'
    | 'checkDestinationClassification'
    | 'checkDestinationAccountType'
    | 'checkERC721TokenId'
    | 'checkERC1155TokenId'
    | 'checkPermitDeadline'
} & IntentCriterion1
export type IntentCriterion1 =
  | CheckRecipientIsSender
  | CheckIntentType
  | CheckIntentChainId
  | CheckIntentAmount
  | CheckIntentContract
  | CheckIntentToken
  | CheckIntentSpender
  | CheckIntentHexSignature
  | CheckIntentFlags
  | CheckDestinationAddress
  | CheckDestinationId
  | CheckDestinationClassification
  | CheckDestinationAccountType
  | CheckERC721TokenId
  | CheckERC1155TokenId
  | CheckPermitDeadline
/**
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "Window".
 */
export type Window =
  | {
      type: 'rolling'
      seconds: number
    }
  | {
      type: 'fixed'
      period: 'day' | 'month' | 'year'
    }
/**
 * A fiat currency, fiat: and its ISO 4217 code in lowercase (fiat:usd).
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "Currency".
 */
export type Currency = string

/**
 * A Rampart policy: when every criterion holds (AND; an array argument means any of), the policy matches and says permit or forbid. Any matching forbid wins; otherwise a matching permit with its approvals satisfied gives Permit, or Confirm while approvals are missing; otherwise Forbid.
 */
export interface Policy {
  id: string
  description?: string
  /**
   * @minItems 1
   * @maxItems 64
   */
  when: [Criterion, ...Criterion[]]
  then: 'permit' | 'forbid'
}
/**
 * The request action is one of these.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkAction".
 */
export interface CheckAction {
  criterion: 'checkAction'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [Action, ...Action[]]
}
/**
 * The resource (account id) of the request is one of these.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkResource".
 */
export interface CheckResource {
  criterion: 'checkResource'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [EntityId, ...EntityId[]]
}
/**
 * For grantPermission: in a permit, every requested permission is one of these, and at least one is requested (an empty or missing list fails closed); in a forbid, one of the requested permissions is one of these.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkPermission".
 */
export interface CheckPermission {
  criterion: 'checkPermission'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [string, ...string[]]
}
/**
 * The principal (user id, or the user of the credential) is one of these users.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkPrincipalId".
 */
export interface CheckPrincipalId {
  criterion: 'checkPrincipalId'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [EntityId, ...EntityId[]]
}
/**
 * The principal's role is one of these.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkPrincipalRole".
 */
export interface CheckPrincipalRole {
  criterion: 'checkPrincipalRole'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [UserRole, ...UserRole[]]
}
/**
 * The principal belongs to one of these user groups.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkPrincipalGroup".
 */
export interface CheckPrincipalGroup {
  criterion: 'checkPrincipalGroup'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [EntityId, ...EntityId[]]
}
/**
 * The resource account is one of these.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkAccountId".
 */
export interface CheckAccountId {
  criterion: 'checkAccountId'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [EntityId, ...EntityId[]]
}
/**
 * The resource account's address is one of these.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkAccountAddress".
 */
export interface CheckAccountAddress {
  criterion: 'checkAccountAddress'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [Address, ...Address[]]
}
/**
 * The resource account's type is one of these.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkAccountType".
 */
export interface CheckAccountType {
  criterion: 'checkAccountType'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [AccountType, ...AccountType[]]
}
/**
 * The resource account's chain is one of these.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkAccountChainId".
 */
export interface CheckAccountChainId {
  criterion: 'checkAccountChainId'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [ChainId, ...ChainId[]]
}
/**
 * The resource account belongs to one of these account groups.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkAccountGroup".
 */
export interface CheckAccountGroup {
  criterion: 'checkAccountGroup'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [EntityId, ...EntityId[]]
}
/**
 * The resource account is assigned to the principal (userAccounts). Takes no arguments.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkAccountAssigned".
 */
export interface CheckAccountAssigned {
  criterion: 'checkAccountAssigned'
  args?: null
}
/**
 * the sender (intent.from, else the resource account): its account or address-book entry id is one of these.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkSourceId".
 */
export interface CheckSourceId {
  criterion: 'checkSourceId'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [EntityId, ...EntityId[]]
}
/**
 * the sender (intent.from, else the resource account): its address is one of these.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkSourceAddress".
 */
export interface CheckSourceAddress {
  criterion: 'checkSourceAddress'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [Address, ...Address[]]
}
/**
 * the sender (intent.from, else the resource account): it is an organization account of one of these types.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkSourceAccountType".
 */
export interface CheckSourceAccountType {
  criterion: 'checkSourceAccountType'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [AccountType, ...AccountType[]]
}
/**
 * the sender (intent.from, else the resource account): its address-book classification is one of these (organization accounts not in the address book count as managed).
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkSourceClassification".
 */
export interface CheckSourceClassification {
  criterion: 'checkSourceClassification'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [AccountClassification, ...AccountClassification[]]
}
/**
 * the receiver (intent.recipient, else intent.to of a native transfer): its account or address-book entry id is one of these.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkDestinationId".
 */
export interface CheckDestinationId {
  criterion: 'checkDestinationId'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [EntityId, ...EntityId[]]
}
/**
 * the receiver (intent.recipient, else intent.to of a native transfer): its address is one of these.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkDestinationAddress".
 */
export interface CheckDestinationAddress {
  criterion: 'checkDestinationAddress'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [Address, ...Address[]]
}
/**
 * the receiver (intent.recipient, else intent.to of a native transfer): it is an organization account of one of these types.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkDestinationAccountType".
 */
export interface CheckDestinationAccountType {
  criterion: 'checkDestinationAccountType'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [AccountType, ...AccountType[]]
}
/**
 * the receiver (intent.recipient, else intent.to of a native transfer): its address-book classification is one of these (organization accounts not in the address book count as managed).
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkDestinationClassification".
 */
export interface CheckDestinationClassification {
  criterion: 'checkDestinationClassification'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [AccountClassification, ...AccountClassification[]]
}
/**
 * The receiver (intent.recipient, else the to of a native transfer) is the sender (intent.from, else the resource account). Takes no arguments.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkRecipientIsSender".
 */
export interface CheckRecipientIsSender {
  criterion: 'checkRecipientIsSender'
  args?: null
}
/**
 * The intent type is one of these.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkIntentType".
 */
export interface CheckIntentType {
  criterion: 'checkIntentType'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [IntentType, ...IntentType[]]
}
/**
 * The intent chain is one of these.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkIntentChainId".
 */
export interface CheckIntentChainId {
  criterion: 'checkIntentChainId'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [ChainId, ...ChainId[]]
}
/**
 * The intent amount (intent.amount, else intent.value) compares with the value: in base units, or in token units using the decimals of the token in the entities.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkIntentAmount".
 */
export interface CheckIntentAmount {
  criterion: 'checkIntentAmount'
  args: AmountCondition
}
/**
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "AmountCondition".
 */
export interface AmountCondition {
  operator: Operator
  /**
   * Base units, or a decimal in token units when unit is token, or in currency units with a currency.
   */
  value: string
  unit?: 'base' | 'token'
  /**
   * Compare the amount's value in this currency, at the price given with the request (exactly: no floats). A decision without a fresh price for the token is refused (PRICE_UNAVAILABLE). unit does not apply.
   */
  currency?: string
}
/**
 * The contract the intent acts on is one of these addresses.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkIntentContract".
 */
export interface CheckIntentContract {
  criterion: 'checkIntentContract'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [Address, ...Address[]]
}
/**
 * The intent token is one of these CAIP-19 asset ids.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkIntentToken".
 */
export interface CheckIntentToken {
  criterion: 'checkIntentToken'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [AssetId, ...AssetId[]]
}
/**
 * The approved spender is one of these addresses.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkIntentSpender".
 */
export interface CheckIntentSpender {
  criterion: 'checkIntentSpender'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [Address, ...Address[]]
}
/**
 * The function selector is one of these.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkIntentHexSignature".
 */
export interface CheckIntentHexSignature {
  criterion: 'checkIntentHexSignature'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [string, ...string[]]
}
/**
 * The intent carries one of these warning flags (intent.flags). In a forbid, a batch or user operation also meets it when one call inside it, at any depth, carries one (and meets the forbid's other criteria on a call).
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkIntentFlags".
 */
export interface CheckIntentFlags {
  criterion: 'checkIntentFlags'
  /**
   * @minItems 1
   * @maxItems 100
   */
  args: [IntentFlag, ...IntentFlag[]]
}
/**
 * The ERC-721 token moved or approved is one of these CAIP-19 ids with token id (eip155:1/erc721:0x…/42).
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkERC721TokenId".
 */
export interface CheckERC721TokenId {
  criterion: 'checkERC721TokenId'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [AssetId, ...AssetId[]]
}
/**
 * The ERC-1155 token (single transfer) is one of these CAIP-19 ids with token id.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkERC1155TokenId".
 */
export interface CheckERC1155TokenId {
  criterion: 'checkERC1155TokenId'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [AssetId, ...AssetId[]]
}
/**
 * Every ERC-1155 transfer of the intent matches one of these conditions (token id and amount); no transfers never passes.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkERC1155Transfers".
 */
export interface CheckERC1155Transfers {
  criterion: 'checkERC1155Transfers'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [
    {
      tokenId: AssetId
      operator: Operator
      value: DecimalString
    },
    ...{
      tokenId: AssetId
      operator: Operator
      value: DecimalString
    }[]
  ]
}
/**
 * The personal_sign text equals or contains the value.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkIntentMessage".
 */
export interface CheckIntentMessage {
  criterion: 'checkIntentMessage'
  args: {
    operator: 'equals' | 'contains'
    value: string
  }
}
/**
 * The raw payload (signRaw payload, else the message hex) equals or contains the value (hex compared case-insensitively).
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkIntentPayload".
 */
export interface CheckIntentPayload {
  criterion: 'checkIntentPayload'
  args: {
    operator: 'equals' | 'contains'
    value: string
  }
}
/**
 * The signRaw algorithm is one of these.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkIntentAlgorithm".
 */
export interface CheckIntentAlgorithm {
  criterion: 'checkIntentAlgorithm'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [
    'secp256k1_ecdsa' | 'ed25519' | 'ES256K' | 'ES256' | 'EdDSA',
    ...('secp256k1_ecdsa' | 'ed25519' | 'ES256K' | 'ES256' | 'EdDSA')[]
  ]
}
/**
 * The typed-data domain matches: each given field is one of its values.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkIntentDomain".
 */
export interface CheckIntentDomain {
  criterion: 'checkIntentDomain'
  args: {
    /**
     * @minItems 1
     * @maxItems 1000
     */
    name?: [string, ...string[]]
    /**
     * @minItems 1
     * @maxItems 1000
     */
    version?: [string, ...string[]]
    /**
     * @minItems 1
     * @maxItems 1000
     */
    chainId?: [ChainId, ...ChainId[]]
    /**
     * @minItems 1
     * @maxItems 1000
     */
    verifyingContract?: [Address, ...Address[]]
  }
}
/**
 * Every condition holds on the typed-data message: the top-level field equals the value (strings compare case-insensitively).
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkIntentTypedDataMessage".
 */
export interface CheckIntentTypedDataMessage {
  criterion: 'checkIntentTypedDataMessage'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [
    {
      key: string
      value: string | number | boolean
    },
    ...{
      key: string
      value: string | number | boolean
    }[]
  ]
}
/**
 * The permit deadline (or Permit2 expiration), unix seconds, compares with the value.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkPermitDeadline".
 */
export interface CheckPermitDeadline {
  criterion: 'checkPermitDeadline'
  args: IntegerCondition
}
/**
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "IntegerCondition".
 */
export interface IntegerCondition {
  operator: Operator
  value: DecimalString
}
/**
 * The maximum gas fee (intent.gas.maxFee, wei) compares with the value. In a permit, an unknown fee never passes. In a forbid, a transaction or user operation whose maximum fee is unknown (no gas limit or no fee per gas) also meets it: a gas forbid fails closed. Messages, typed data and raw signatures pay no gas and never meet it.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkGasFeeAmount".
 */
export interface CheckGasFeeAmount {
  criterion: 'checkGasFeeAmount'
  args: IntegerCondition
}
/**
 * The intent carries a nonce. Takes no arguments.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkNonceExists".
 */
export interface CheckNonceExists {
  criterion: 'checkNonceExists'
  args?: null
}
/**
 * The intent carries no nonce. Takes no arguments.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkNonceNotExists".
 */
export interface CheckNonceNotExists {
  criterion: 'checkNonceNotExists'
  args?: null
}
/**
 * The time of the request (its now, else the evaluator clock), in an IANA time zone with its daylight-saving rules, is within one of the windows, or (outside) in none of them. The zone rules are those of the runtime (Node ships ICU time zone data).
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkRequestTime".
 */
export interface CheckRequestTime {
  criterion: 'checkRequestTime'
  args:
    | {
        /**
         * An IANA time zone, such as Europe/Zurich.
         */
        timeZone: string
        /**
         * The request's local time is in one of these windows.
         *
         * @minItems 1
         * @maxItems 100
         */
        within: [TimeWindow, ...TimeWindow[]]
      }
    | {
        /**
         * An IANA time zone, such as Europe/Zurich.
         */
        timeZone: string
        /**
         * The request's local time is in none of these windows.
         *
         * @minItems 1
         * @maxItems 100
         */
        outside: [TimeWindow, ...TimeWindow[]]
      }
}
/**
 * Days of the week and a time of day, in the criterion's time zone: the window holds from `from` (included) to `to` (excluded) on each day listed. `from` must be before `to`: a window across midnight is two windows.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "TimeWindow".
 */
export interface TimeWindow {
  /**
   * Every day when left out.
   *
   * @minItems 1
   * @maxItems 7
   */
  days?:
    | [Weekday]
    | [Weekday, Weekday]
    | [Weekday, Weekday, Weekday]
    | [Weekday, Weekday, Weekday, Weekday]
    | [Weekday, Weekday, Weekday, Weekday, Weekday]
    | [Weekday, Weekday, Weekday, Weekday, Weekday, Weekday]
    | [Weekday, Weekday, Weekday, Weekday, Weekday, Weekday, Weekday]
  /**
   * HH:MM, local time.
   */
  from?: string
  /**
   * HH:MM, local time, excluded; 24:00 is the end of the day.
   */
  to?: string
}
/**
 * The ERC-4337 EntryPoint is one of these addresses.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkEntryPointAddress".
 */
export interface CheckEntryPointAddress {
  criterion: 'checkEntryPointAddress'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [Address, ...Address[]]
}
/**
 * The ERC-4337 EntryPoint is one of these organization accounts or address-book entries, by id.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkEntryPointId".
 */
export interface CheckEntryPointId {
  criterion: 'checkEntryPointId'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [EntityId, ...EntityId[]]
}
/**
 * The ERC-4337 EntryPoint is an organization account of one of these types.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkEntryPointAccountType".
 */
export interface CheckEntryPointAccountType {
  criterion: 'checkEntryPointAccountType'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [AccountType, ...AccountType[]]
}
/**
 * The address-book classification of the ERC-4337 EntryPoint on the intent chain is one of these (an organization account absent from the address book is managed).
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkEntryPointClassification".
 */
export interface CheckEntryPointClassification {
  criterion: 'checkEntryPointClassification'
  /**
   * @minItems 1
   * @maxItems 1000
   */
  args: [AccountClassification, ...AccountClassification[]]
}
/**
 * The calls of a user operation or batch, at any depth: there is at least one, and every one satisfies all these intent criteria (a list), or, with anyOf, one of the condition sets: its type is one of the set's types and it satisfies all of the set's criteria, so any other call fails it. An empty batch never passes.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkUserOperationIntents".
 */
export interface CheckUserOperationIntents {
  criterion: 'checkUserOperationIntents'
  args: [IntentCriterion, ...IntentCriterion[]] | CallConditionSets
}
/**
 * Conditions grouped per call type: every call meets one of the sets (native transfers up to 5 ETH, or ERC-20 transfers of USDC up to 2,000 USDC; any other call fails).
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "CallConditionSets".
 */
export interface CallConditionSets {
  /**
   * @minItems 1
   * @maxItems 100
   */
  anyOf: [CallConditions, ...CallConditions[]]
}
/**
 * One condition set for a call: the call's intent type is one of types, and it satisfies every criterion of when (none when left out).
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "CallConditions".
 */
export interface CallConditions {
  /**
   * @minItems 1
   * @maxItems 1000
   */
  types: [IntentType, ...IntentType[]]
  /**
   * @minItems 1
   * @maxItems 1000
   */
  when?: [IntentCriterion, ...IntentCriterion[]]
}
/**
 * Approvals needed before a matching permit gives Permit; while missing, the decision is Confirm. A list: every requirement must be met. With anyOf: the requirements of one set must all be met (2 of Finance, or 1 of the CFO office). Several checkApprovals in one policy must all be met: each combination of their sets is an alternative, at most 64.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkApprovals".
 */
export interface CheckApprovals {
  criterion: 'checkApprovals'
  args: [ApprovalRequirement, ...ApprovalRequirement[]] | ApprovalAlternatives
}
/**
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "ApprovalRequirement".
 */
export interface ApprovalRequirement {
  approvalCount: number
  approvalEntityType: 'user' | 'userGroup' | 'userRole'
  /**
   * User ids, user group ids or roles, per approvalEntityType.
   *
   * @minItems 1
   * @maxItems 1000
   */
  entityIds: [EntityId, ...EntityId[]]
  /**
   * Whether the principal's own approval counts.
   */
  countPrincipal: boolean
}
/**
 * Sets of approval requirements, any of which is enough; within a set, every requirement must be met.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "ApprovalAlternatives".
 */
export interface ApprovalAlternatives {
  /**
   * @minItems 1
   * @maxItems 64
   */
  anyOf: [
    [ApprovalRequirement, ...ApprovalRequirement[]],
    ...[ApprovalRequirement, ...ApprovalRequirement[]][]
  ]
}
/**
 * The total spent in the window (matching history plus this request, base units, exact bigint sums) compares with the limit.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkSpendingLimit".
 */
export interface CheckSpendingLimit {
  criterion: 'checkSpendingLimit'
  args: SpendingLimit
}
/**
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "SpendingLimit".
 */
export interface SpendingLimit {
  limit: DecimalString
  operator?: 'gt' | 'lt' | 'gte' | 'lte' | 'eq' | 'ne'
  window: Window
  filters?: LimitFilters
  /**
   * Sum values in this currency instead of base units, across all tokens: each past transfer at the value recorded with it, this request at the prices given with it (rounded up to 10^-6). The limit is then in currency units.
   */
  currency?: string
}
/**
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "LimitFilters".
 */
export interface LimitFilters {
  /**
   * Count only transfers made by the same principal.
   */
  perPrincipal?: boolean
  /**
   * @minItems 1
   * @maxItems 1000
   */
  tokens?: [AssetId, ...AssetId[]]
  /**
   * @minItems 1
   * @maxItems 1000
   */
  users?: [EntityId, ...EntityId[]]
  /**
   * @minItems 1
   * @maxItems 1000
   */
  resources?: [EntityId, ...EntityId[]]
  /**
   * @minItems 1
   * @maxItems 1000
   */
  destinations?: [Address, ...Address[]]
  /**
   * @minItems 1
   * @maxItems 1000
   */
  chains?: [ChainId, ...ChainId[]]
  /**
   * @minItems 1
   * @maxItems 1000
   */
  userGroups?: [EntityId, ...EntityId[]]
  /**
   * @minItems 1
   * @maxItems 1000
   */
  accountGroups?: [EntityId, ...EntityId[]]
  /**
   * Count only transfers whose user has one of these roles (the role the entities give the user now).
   *
   * @minItems 1
   * @maxItems 1000
   */
  roles?: [UserRole, ...UserRole[]]
}
/**
 * The number of matching transfers in the window, counting this request, compares with the limit.
 *
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "checkRateLimit".
 */
export interface CheckRateLimit {
  criterion: 'checkRateLimit'
  args: RateLimit
}
/**
 * This interface was referenced by `Policy`'s JSON-Schema
 * via the `definition` "RateLimit".
 */
export interface RateLimit {
  limit: number
  operator?: 'gt' | 'lt' | 'gte' | 'lte' | 'eq' | 'ne'
  window: Window
  filters?: LimitFilters
}
