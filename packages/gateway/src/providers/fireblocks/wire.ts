/**
 * The parts of Fireblocks API v1 bodies the adapter reads, with Fireblocks' own field names (its OpenAPI document,
 * as the official @fireblocks/ts-sdk models publish it). Every field is optional there; the adapter checks what it
 * relies on.
 */

export type Paging = { before?: string; after?: string }

export type VaultAsset = { id: string; total?: string; available?: string }

export type VaultAccount = { id: string; name?: string; hiddenOnUI?: boolean; assets?: VaultAsset[] }

/** GET /v1/vault/accounts_paged */
export type VaultAccountsPagedResponse = { accounts?: VaultAccount[]; paging?: Paging }

export type VaultWalletAddress = {
  assetId?: string
  address?: string
  description?: string
  tag?: string
  type?: string
  bip44AddressIndex?: number
}

/** GET /v1/vault/accounts/{vaultAccountId}/{assetId}/addresses_paginated */
export type PaginatedAddressResponse = { addresses?: VaultWalletAddress[]; paging?: Paging }

/** GET /v1/internal_wallets, /v1/external_wallets, /v1/contracts: wallets and their asset addresses. */
export type UnmanagedWallet = {
  id: string
  name?: string
  assets?: { id: string; address?: string; tag?: string; status?: string }[]
}

export type TransferPeerPath =
  | { type: 'VAULT_ACCOUNT'; id: string }
  | { type: 'ONE_TIME_ADDRESS'; oneTimeAddress: { address: string; tag?: string } }

/** POST /v1/transactions */
export type TransactionRequest = {
  operation: 'TRANSFER' | 'CONTRACT_CALL' | 'TYPED_MESSAGE' | 'RAW'
  externalTxId: string
  assetId: string
  source: TransferPeerPath
  destination?: TransferPeerPath
  amount?: string
  treatAsGrossAmount?: boolean
  note?: string
  gasLimit?: string
  gasPrice?: string
  priorityFee?: string
  maxFee?: string
  failOnLowFee?: boolean
  extraParameters?: {
    contractCallData?: string
    rawMessageData?: {
      messages: { content: unknown; type?: 'EIP191' | 'EIP712' }[]
      algorithm?: 'MPC_ECDSA_SECP256K1' | 'MPC_EDDSA_ED25519'
    }
  }
}

export type CreateTransactionResponse = { id?: string; status?: string }

export type SignedMessage = {
  content?: string
  algorithm?: string
  derivationPath?: number[]
  signature?: { fullSig?: string; r?: string; s?: string; v?: number }
  publicKey?: string
}

/** GET /v1/transactions/{txId}, GET /v1/transactions/external_tx_id/{externalTxId}, and webhook `data`. */
export type TransactionResponse = {
  id?: string
  externalTxId?: string
  status?: string
  subStatus?: string
  txHash?: string
  operation?: string
  assetId?: string
  sourceAddress?: string
  destinationAddress?: string
  amountInfo?: { amount?: string; requestedAmount?: string; netAmount?: string }
  treatAsGrossAmount?: boolean
  feeInfo?: { networkFee?: string; serviceFee?: string; gasPrice?: string }
  signedMessages?: SignedMessage[]
}

/** POST /v1/transactions/estimate_fee: one fee level (EVM fees in gwei). */
export type TransactionFee = {
  gasLimit?: string
  gasPrice?: string
  baseFee?: string
  priorityFee?: string
  networkFee?: string
}

export type EstimatedTransactionFeeResponse = {
  low?: TransactionFee
  medium?: TransactionFee
  high?: TransactionFee
}

/** An error body: Fireblocks' numeric code and message. */
export type ErrorResponse = { code?: number; message?: string }
