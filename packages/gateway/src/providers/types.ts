/**
 * The custody provider adapter interface.
 *
 * Every custody provider (the built-in `local` provider, and adapters for external custodians such as
 * Fireblocks, Anchorage or BitGo) implements {@link CustodyProvider}. The gateway never talks to a provider
 * in any other way: it validates and stores connection credentials, opens a {@link ProviderSession} with
 * them, reads wallets, accounts and addresses into its database (the sync step), and hands every permitted
 * signing action to the session.
 *
 * Rules every adapter follows:
 * - Everything is keyed by the provider's own identifiers (`externalId`). The gateway maps its ids
 *   (walletId, accountId, addressId, ...) to these; adapters never see gateway ids or touch the database.
 * - Amounts are decimal strings of base units (wei for ETH, the token's smallest unit for ERC-20).
 * - Hex values are `0x`-prefixed strings. Addresses are returned EIP-55 checksummed for EVM networks.
 * - Network ids are the gateway catalogue's uppercase ids (see {@link NetworkId}).
 * - Failures are thrown as {@link ProviderError} (from `./errors`) with a stable `code`; anything else
 *   thrown by an adapter is a bug and the gateway treats it as an internal error.
 */

/**
 * A network id from the gateway's networks catalogue: uppercase words joined by `_`.
 * Known ids used by the local provider: `ETHEREUM`, `ETHEREUM_SEPOLIA`, `ETHEREUM_HOLESKY`, `POLYGON`,
 * `POLYGON_AMOY`, `ARBITRUM`, `ARBITRUM_SEPOLIA`, `OPTIMISM`, `OPTIMISM_SEPOLIA`, `BASE`, `BASE_SEPOLIA`,
 * `BSC`, `AVALANCHE`, `GNOSIS`, `LINEA`, `SCROLL`, `ZKSYNC`, `SOLANA`.
 */
export type NetworkId = string

export type Hex = `0x${string}`

/** Where a signing action's key lives: the account, and optionally one of its addresses (default: the first). */
export interface SignerRef {
  accountExternalId: string
  addressExternalId?: string
}

// ---------------------------------------------------------------------------------------------------------
// Wallets, accounts, addresses
// ---------------------------------------------------------------------------------------------------------

export interface ProviderAddress {
  externalId: string
  accountExternalId: string
  /** EIP-55 checksummed for EVM networks; the network's native encoding otherwise (base58 for Solana). */
  address: string
  /** The public key behind the address (uncompressed secp256k1 `0x04…` or 32-byte ed25519), when known. */
  publicKey?: Hex
  /** The derivation path, for HD providers that disclose it. */
  derivationPath?: string
}

/** A wallet's presence on one network. */
export interface ProviderAccount {
  externalId: string
  walletExternalId: string
  networkId: NetworkId
  label: string | null
  addresses: ProviderAddress[]
}

export interface ProviderWallet {
  externalId: string
  label: string | null
  accounts: ProviderAccount[]
}

// ---------------------------------------------------------------------------------------------------------
// EVM signing
// ---------------------------------------------------------------------------------------------------------

/**
 * An EVM transaction request, as the gateway receives it. Missing nonce, gas and fee fields are filled by
 * the provider (from the network's RPC when one is configured). `value` and fee fields are decimal strings
 * of wei; `data` is hex; `type` is `legacy`, `eip2930` or `eip1559` (also accepted: `0x0`, `0x1`, `0x2`).
 */
export interface EvmTransactionRequest {
  to?: string | null
  value?: string | null
  data?: string | null
  gasLimit?: string | null
  gasPrice?: string | null
  maxFeePerGas?: string | null
  maxPriorityFeePerGas?: string | null
  nonce?: number | null
  type?: string | null
  chainId?: number | null
  /** When present, it must be the signer's address. */
  from?: string | null
}

export interface SignTransactionInput extends SignerRef {
  transaction: EvmTransactionRequest
  /** Broadcast the signed transaction when the network has an RPC endpoint configured (default true). */
  broadcast?: boolean
}

/**
 * A transaction with everything but (when the request left it out) its nonce filled: gas limit, type and fee
 * fields, as decimal strings. Signed as it stands, it is signed with exactly these values.
 */
export type PreparedTransaction = EvmTransactionRequest & {
  from: string
  chainId: number
  type: string
  gasLimit: string
}

/**
 * The gas limit, type and fees of a prepared transaction. A transfer, stake or unstake given them is signed with
 * exactly these, so that what is signed is what the policies decided on (a network fee limit holds for it).
 */
export type DecidedGas = Pick<
  PreparedTransaction,
  'type' | 'gasLimit' | 'gasPrice' | 'maxFeePerGas' | 'maxPriorityFeePerGas'
>

export interface SignedTransaction {
  /** The signed, serialized transaction (EIP-2718 envelope). */
  signedTransaction: Hex
  /** keccak256 of the signed serialized transaction. */
  txHash: Hex
  from: string
  /** The transaction exactly as signed (all fields filled), with decimal-string amounts. */
  transaction: EvmTransactionRequest & {
    from: string
    nonce: number
    chainId: number
    type: string
    gasLimit: string
  }
  /** True when the provider sent it to the network; the txHash is then the network's transaction hash. */
  broadcast: boolean
  /**
   * Set when the broadcast was attempted but its outcome is unknown (the node timed out or could not be heard):
   * the network may have the transaction. Its bytes are returned, so it can be sent again as it is.
   */
  broadcastError?: string
}

/** An EIP-191 personal message: a UTF-8 string, or raw bytes as hex. */
export type PersonalMessage = string | { raw: Hex }

export interface SignMessageInput extends SignerRef {
  message: PersonalMessage
}

export interface TypedDataDefinition {
  domain: {
    name?: string
    version?: string
    chainId?: number | string | bigint
    verifyingContract?: string | null
    salt?: string | null
  }
  types: Record<string, ReadonlyArray<{ name: string; type: string }>>
  primaryType: string
  message: Record<string, unknown>
}

export interface SignTypedDataInput extends SignerRef {
  typedData: TypedDataDefinition
}

/** An ECDSA signature over secp256k1. `v` is 27 or 28; `fullSig` is r ‖ s ‖ v (65 bytes, hex). */
export interface EcdsaSignature {
  r: Hex
  s: Hex
  v: number
  fullSig: Hex
}

export interface MessageSignature extends EcdsaSignature {
  from: string
}

// ---------------------------------------------------------------------------------------------------------
// Raw signing
// ---------------------------------------------------------------------------------------------------------

export type RawSigningAlgorithm = 'secp256k1_ecdsa' | 'ed25519'

export interface SignRawInput extends SignerRef {
  algorithm: RawSigningAlgorithm
  /**
   * Hex payloads. For secp256k1_ecdsa each is a 32-byte digest signed as is (no hashing, no prefix).
   * For ed25519 each is a message of any length, signed per RFC 8032.
   */
  payloads: Hex[]
}

export interface RawSignature {
  content: Hex
  algorithm: RawSigningAlgorithm
  /** secp256k1: uncompressed `0x04…` (65 bytes). ed25519: the 32-byte public key. */
  publicKey: Hex
  /** For ed25519, `r` and `s` are the two 32-byte halves of the signature, `v` is 0, and fullSig is r ‖ s. */
  signature: EcdsaSignature
}

// ---------------------------------------------------------------------------------------------------------
// Transfers
// ---------------------------------------------------------------------------------------------------------

export type NetworkFeeAttribution = 'on_top' | 'deduct'

/** The asset to transfer: the network's native coin, or an ERC-20 token by contract address. */
export type TransferAsset = { kind: 'native' } | { kind: 'erc20'; contractAddress: string }

export interface BuildTransferInput {
  source: SignerRef
  networkId: NetworkId
  /** The destination address (the gateway resolves accounts and address-book entries to an address). */
  destinationAddress: string
  asset: TransferAsset
  /** Base units. */
  amount: string
  /** Default for the local provider: `on_top`. ERC-20 transfers only support `on_top` (fees are paid in the native coin). */
  networkFeeAttribution?: NetworkFeeAttribution
  memo?: string
  broadcast?: boolean
  /** The gas from {@link ProviderSession.prepareTransfer}; without it, the provider fills gas and fees itself. */
  gas?: DecidedGas
}

export interface TransferFee {
  /** `network`: the gas fee, counted at its maximum (gasLimit × maxFeePerGas, or × gasPrice for legacy). */
  type: 'network'
  attribution: NetworkFeeAttribution
  /** Base units of the network's native coin. */
  amount: string
  /** Always the native coin of the network; the gateway maps it to its assetId. */
  asset: { kind: 'native' }
}

export interface BuiltTransfer extends SignedTransaction {
  networkFeeAttribution: NetworkFeeAttribution
  /** What the source spends on the transferred asset (amount, plus the fee for native on_top). */
  grossAmount: string
  /** What the destination receives. */
  netAmount: string
  fees: TransferFee[]
}

// ---------------------------------------------------------------------------------------------------------
// Staking
// ---------------------------------------------------------------------------------------------------------

/**
 * Position lifecycle (see `local/stakingStateMachine.ts` for the transition table):
 * pending_approval → active → exiting → closed, and pending_approval → closed when a stake is rejected.
 */
export type PositionStatus = 'pending_approval' | 'active' | 'exiting' | 'closed'

export interface StakeTransaction {
  externalTxId: string
  externalTransactionStatus: string
  transactionHash: Hex | null
  /** The signed serialized transaction, when the provider signed one. */
  signedTransaction?: Hex
}

export interface ProviderPosition {
  externalId: string
  status: PositionStatus
  externalStatus: string
  networkId: NetworkId
  accountExternalId: string
  validatorAddress: string
  stakeAccountAddress: string
  /** Base units currently staked. */
  amount: string
  transactions: StakeTransaction[]
}

export interface StakeInput {
  source: SignerRef
  networkId: NetworkId
  /** Base units (wei). */
  amount: string
  validator?: { address?: string; externalId?: string }
  memo?: string
  providerSpecific?: unknown
  broadcast?: boolean
  /** The gas from {@link ProviderSession.prepareStake}; without it, the provider fills gas and fees itself. */
  gas?: DecidedGas
}

export interface ProviderStake {
  externalId: string
  status: PositionStatus
  externalStatus: string
  networkId: NetworkId
  accountExternalId: string
  amount: string
  createdAt: string
  positions: ProviderPosition[]
  transactions: StakeTransaction[]
}

/** Identify the position either by its externalId, or by validator and stake account address — never both. */
export type PositionSelector =
  | { positionExternalId: string; validatorAddress?: undefined; stakeAccountAddress?: undefined }
  | { positionExternalId?: undefined; validatorAddress: string; stakeAccountAddress: string }

export type UnstakeInput = PositionSelector & {
  source: SignerRef
  networkId: NetworkId
  amount: string
  broadcast?: boolean
  /** The gas from {@link ProviderSession.prepareUnstake}; without it, the provider fills gas and fees itself. */
  gas?: DecidedGas
}

export interface ProviderUnstake {
  externalId: string
  status: PositionStatus
  externalStatus: string
  networkId: NetworkId
  accountExternalId: string
  positionExternalId: string
  amount: string
  createdAt: string
  transactions: StakeTransaction[]
}

// ---------------------------------------------------------------------------------------------------------
// Known destinations
// ---------------------------------------------------------------------------------------------------------

export interface ProviderKnownDestination {
  externalId: string
  label: string | null
  /** Provider's own classification text, e.g. `internal` (one of the connection's own addresses) or `whitelisted`. */
  externalClassification: string
  address: string
  networkId: NetworkId
  /** The provider's asset id, when the destination is bound to one asset. */
  externalAssetId: string | null
}

// ---------------------------------------------------------------------------------------------------------
// Provider and session
// ---------------------------------------------------------------------------------------------------------

/** Who a session is opened for. Providers that keep per-connection state key it by `connectionId`. */
export interface ConnectContext {
  connectionId: string
  clientId?: string
}

export interface CreateWalletInput {
  label?: string
}

export interface DeriveAddressInput {
  walletExternalId: string
}

/** What a provider can do; the gateway refuses actions a provider does not support before calling it. */
export interface ProviderCapabilities {
  createWallet: boolean
  deriveAddress: boolean
  signTransaction: boolean
  signMessage: boolean
  signTypedData: boolean
  rawSigningAlgorithms: RawSigningAlgorithm[]
  transfers: boolean
  staking: boolean
  broadcast: boolean
}

// ---------------------------------------------------------------------------------------------------------
// Asynchronous signing
// ---------------------------------------------------------------------------------------------------------

/**
 * Where a request an external custodian holds stands, normalized over every custodian's own statuses (which are
 * kept verbatim beside it as `externalStatus`). `completed`, `failed`, `rejected` and `cancelled` are final.
 *
 * - `submitted`: the custodian has the request and has not acted on it yet (queued, screening);
 * - `pending_approval`: it waits for the custodian's own policy, approvers or authorization;
 * - `signing`: approved, being signed;
 * - `broadcasting`: signed, being sent to or confirmed on the network;
 * - `completed`: done: signed (and, for a transaction, on the network), its result readable;
 * - `failed`: the custodian could not do it (insufficient funds, a network failure...); nothing more will happen;
 * - `rejected`: the custodian's policy, an approver or a screening refused it;
 * - `cancelled`: cancelled at the custodian.
 */
export type CustodianStatus =
  | 'submitted'
  | 'pending_approval'
  | 'signing'
  | 'broadcasting'
  | 'completed'
  | 'failed'
  | 'rejected'
  | 'cancelled'

/**
 * A create's answer when the custodian accepted the request and signs it later: its id and status there. The
 * gateway records the request as `processing` with these and follows it ({@link ProviderSession.followRequest}).
 */
export interface SubmittedRequest {
  submitted: true
  externalId: string
  /** The custodian's own status, verbatim. */
  externalStatus: string
  status: CustodianStatus
}

/** What a create answers: its final result (synchronous providers), or that the custodian has it. */
export type Submittable<Result> = Result | SubmittedRequest

/**
 * Given to every create. The same `idempotencyKey` is sent again when the gateway repeats a create whose answer it
 * did not hear (a timeout, a restart): a custodian honours it (or lets the request be found by it), so a repeated
 * create never makes a second transfer. Synchronous providers may ignore it.
 */
export interface CreateOptions {
  idempotencyKey: string
}

/**
 * A transaction a custodian signed (and usually sent) itself: its hash once known, its bytes and fields only when
 * the custodian discloses them. A {@link SignedTransaction} is one.
 */
export interface CustodianTransaction {
  txHash: Hex | null
  from: string
  broadcast: boolean
  signedTransaction?: Hex
  transaction?: SignedTransaction['transaction']
  broadcastError?: string
}

/** A transfer a custodian completed: a {@link BuiltTransfer} is one; fees as the custodian reports them. */
export interface CustodianTransfer extends CustodianTransaction {
  networkFeeAttribution: NetworkFeeAttribution
  grossAmount: string
  netAmount: string
  fees: TransferFee[]
}

/** The creates a custodian may answer asynchronously, named as {@link FollowRequestInput} names them. */
export interface OperationResults {
  signTransaction: CustodianTransaction
  transfer: CustodianTransfer
  signMessage: MessageSignature
  signTypedData: MessageSignature
  signRaw: RawSignature[]
}

export type ProviderOperation = keyof OperationResults

export interface FollowRequestInput<Operation extends ProviderOperation = ProviderOperation> {
  operation: Operation
  /** The custodian's id, once a create answered; null when the gateway never heard the create's answer. */
  externalId: string | null
  /** The key the create was sent with: how a request whose answer was lost is found. */
  idempotencyKey: string
  /** What the create was given: some custodians return only part of a result (a signature, not its signer). */
  signer: SignerRef
}

export interface FollowedRequest<Operation extends ProviderOperation = ProviderOperation> {
  externalId: string
  externalStatus: string
  status: CustodianStatus
  /** Set once `completed`: what a synchronous create would have answered. */
  result?: OperationResults[Operation]
  /** For `failed`, `rejected` and `cancelled`: the custodian's reason, in words, without secrets. */
  reason?: string
}

/** An open, authenticated connection to one provider account. */
export interface ProviderSession {
  readonly providerId: string
  readonly capabilities: ProviderCapabilities

  /** Every wallet, with its accounts per network and their addresses. */
  listWallets(): Promise<ProviderWallet[]>
  createWallet?(input: CreateWalletInput): Promise<ProviderWallet>
  /** Adds the next address of a wallet, on every one of its accounts. */
  deriveAddress?(input: DeriveAddressInput): Promise<ProviderWallet>

  /**
   * Fills what a transaction leaves out (gas limit, type, fees), without signing it, so that the request can be
   * decided on the gas it will be signed with. The nonce is left as the request gives it (filled when signing).
   */
  prepareTransaction(input: SignTransactionInput): Promise<PreparedTransaction>
  signTransaction(
    input: SignTransactionInput,
    options?: CreateOptions,
  ): Promise<Submittable<SignedTransaction>>
  signMessage(input: SignMessageInput, options?: CreateOptions): Promise<Submittable<MessageSignature>>
  signTypedData(input: SignTypedDataInput, options?: CreateOptions): Promise<Submittable<MessageSignature>>
  signRaw(input: SignRawInput, options?: CreateOptions): Promise<Submittable<RawSignature[]>>

  /**
   * The transaction {@link buildTransfer} would sign, unsigned and without its nonce, after the same checks: what
   * the policies decide on. For a `deduct` transfer its value is the amount less the fee.
   */
  prepareTransfer(input: BuildTransferInput): Promise<PreparedTransaction>
  /** Builds, signs (and broadcasts when configured) a native or ERC-20 transfer. */
  buildTransfer(input: BuildTransferInput, options?: CreateOptions): Promise<Submittable<BuiltTransfer>>

  /** The transaction {@link stake} would sign, unsigned and without its nonce, after the same checks. */
  prepareStake(input: StakeInput): Promise<PreparedTransaction>
  stake(input: StakeInput): Promise<ProviderStake>
  getStake(externalId: string): Promise<ProviderStake>
  /** The transaction {@link unstake} would sign, unsigned and without its nonce, after the same checks. */
  prepareUnstake(input: UnstakeInput): Promise<PreparedTransaction>
  unstake(input: UnstakeInput): Promise<ProviderUnstake>
  getUnstake(externalId: string): Promise<ProviderUnstake>
  /** Positions; filtered to one account when given. Only `active` positions are unstakeable. */
  listPositions(filter?: {
    accountExternalId?: string
    status?: PositionStatus[]
  }): Promise<ProviderPosition[]>
  /**
   * For providers that cannot observe the chain themselves (the local provider): report that a deposit was
   * confirmed (`activate`) or dropped (`reject`), or that an exit completed (`completeExit`). Illegal moves are
   * `CONFLICT`. External providers report these through `getStake` and `listPositions` instead.
   */
  advancePosition?(
    positionExternalId: string,
    event: 'activate' | 'reject' | 'completeExit',
  ): Promise<ProviderPosition>

  listKnownDestinations(): Promise<ProviderKnownDestination[]>

  /**
   * Asynchronous providers: where a submitted request stands now, read from the custodian; null when the custodian
   * has no request under the key (`externalId` null: the create never reached it, and may be sent again with the
   * same key). Providers whose creates always answer with their result (the local provider) have none.
   */
  followRequest?(input: FollowRequestInput): Promise<FollowedRequest | null>

  /** Ends the connection on the provider's side and destroys what the provider holds for it. */
  revoke(): Promise<void>
}

export type ProviderEnvironment = 'production' | 'sandbox'

export interface CustodyProvider<Credentials = unknown> {
  /** Stable provider id, stored on connections: `local`, `fireblocks`, ... */
  readonly id: string
  readonly name: string
  /**
   * Whether the provider's connections act on real assets (`production`, the default) or a test environment
   * (`sandbox`). A grant's `providers` setting offers the user only connections of the environments it enables.
   */
  readonly environment?: ProviderEnvironment
  /**
   * Checks the shape of decrypted credentials without contacting the provider. Throws
   * `ProviderError` with code `INVALID_CREDENTIALS` (and a JSON Pointer in `details.path`).
   */
  validateCredentials(credentials: unknown): Credentials
  /** Opens a session; throws `INVALID_CREDENTIALS` when the provider refuses them. */
  connect(credentials: Credentials, context: ConnectContext): Promise<ProviderSession>
  /**
   * Providers that notify by signed webhooks (`POST /v1/webhooks/<id>`): the request a webhook is about when its
   * signature verifies with the provider's keys, null otherwise (the gateway refuses it unread). The gateway then
   * reads the request from the provider (`followRequest`) rather than trusting the body.
   */
  verifyWebhook?(
    headers: Record<string, string | string[] | undefined>,
    rawBody: Buffer,
  ): { externalId: string; externalTxId?: string | null } | null
}
