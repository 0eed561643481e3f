import { encodeFunctionData, erc20Abi, formatUnits, parseUnits } from 'viem'
import { isProviderError, ProviderError } from '../../core/errors/providerErrors'
import type { ProviderHttpClient } from '../http'
import type {
  BuildTransferInput,
  CreateOptions,
  DecidedGas,
  FollowedRequest,
  FollowRequestInput,
  Hex,
  PreparedTransaction,
  ProviderCapabilities,
  ProviderSession,
  SignerRef,
  SubmittedRequest,
} from '../types'
import { type FireblocksAsset, nativeAssetOf, tokenAssetOf } from './assets'
import { addressOfId, parseAccountId } from './ids'
import { externalStatusOf, normalizeFireblocksStatus } from './statuses'
import { followedOf } from './transactionResults'
import { listDestinations, listVaultWallets } from './walletSync'
import type {
  CreateTransactionResponse,
  EstimatedTransactionFeeResponse,
  TransactionRequest,
  TransactionResponse,
} from './wire'

const capabilities: ProviderCapabilities = {
  createWallet: false,
  deriveAddress: false,
  signTransaction: true,
  signMessage: true,
  signTypedData: true,
  rawSigningAlgorithms: ['secp256k1_ecdsa', 'ed25519'],
  transfers: true,
  staking: false,
  broadcast: true,
}

const stakingUnsupported = () =>
  new ProviderError(
    'UNSUPPORTED',
    'Staking through Fireblocks is not supported by this adapter yet: stake in the Fireblocks console, or through a local connection',
  )

const gwei = (wei: string | null | undefined) => (wei == null ? undefined : formatUnits(BigInt(wei), 9))
const toWei = (gweiAmount: string | undefined) =>
  gweiAmount ? parseUnits(gweiAmount, 9).toString() : undefined

/** The fee fields of a create, in gwei as Fireblocks takes them: signed with at most the fees decided on. */
function feeFields(gas: DecidedGas | undefined): Partial<TransactionRequest> {
  if (!gas) return {}
  const limit = { gasLimit: gas.gasLimit }
  if (gas.maxFeePerGas != null) {
    return { ...limit, maxFee: gwei(gas.maxFeePerGas), priorityFee: gwei(gas.maxPriorityFeePerGas ?? '0') }
  }
  return gas.gasPrice == null ? limit : { ...limit, gasPrice: gwei(gas.gasPrice) }
}

const submitted = (id: string, status: string, subStatus?: string): SubmittedRequest => ({
  submitted: true,
  externalId: id,
  externalStatus: externalStatusOf(status, subStatus),
  status: normalizeFireblocksStatus(status),
})

/** A Fireblocks workspace through one API user: vault accounts, whitelisted wallets, and transactions. */
export class FireblocksSession implements ProviderSession {
  readonly providerId = 'fireblocks'
  readonly capabilities = capabilities

  constructor(private readonly http: ProviderHttpClient) {}

  listWallets() {
    return listVaultWallets(this.http)
  }

  listKnownDestinations() {
    return listDestinations(this.http)
  }

  /** The vault and network of a signer, and its address when it names one. */
  private signer(ref: SignerRef) {
    const { vaultId, networkId } = parseAccountId(ref.accountExternalId)
    return {
      vaultId,
      networkId,
      native: nativeAssetOf(networkId),
      address: addressOfId(ref.accountExternalId, ref.addressExternalId),
    }
  }

  /**
   * Sends a create with its idempotency key (as the `Idempotency-Key` header and the transaction's `externalTxId`).
   * Fireblocks answers a repeated key with the first transaction; when the key has expired and it refuses the
   * `externalTxId` as taken, the transaction is found by it, never made again.
   */
  private async create(
    request: Omit<TransactionRequest, 'externalTxId'>,
    options?: CreateOptions,
  ): Promise<SubmittedRequest> {
    if (!options?.idempotencyKey) {
      throw new ProviderError('INVALID_REQUEST', 'Fireblocks creates need an idempotency key')
    }
    const key = options.idempotencyKey
    try {
      const { body } = await this.http.send({
        method: 'POST',
        path: '/v1/transactions',
        body: { ...request, externalTxId: key },
        idempotencyKey: key,
      })
      const created = (body ?? {}) as CreateTransactionResponse
      if (typeof created.id !== 'string' || typeof created.status !== 'string') {
        throw new ProviderError('PROVIDER_REJECTED', 'Fireblocks answered a create without id or status')
      }
      return submitted(created.id, created.status)
    } catch (error) {
      if (!isProviderError(error) || !['PROVIDER_REJECTED', 'CONFLICT'].includes(error.code)) throw error
      const existing = await this.byExternalTxId(key)
      if (!existing?.id || !existing.status) throw error
      return submitted(existing.id, existing.status, existing.subStatus)
    }
  }

  private async byExternalTxId(key: string): Promise<TransactionResponse | null> {
    const { status, body } = await this.http.send({
      method: 'GET',
      path: `/v1/transactions/external_tx_id/${encodeURIComponent(key)}`,
      accept: [404],
    })
    return status === 404 ? null : ((body ?? null) as TransactionResponse | null)
  }

  async followRequest(input: FollowRequestInput): Promise<FollowedRequest | null> {
    const tx =
      input.externalId === null
        ? await this.byExternalTxId(input.idempotencyKey)
        : ((
            await this.http.send({
              method: 'GET',
              path: `/v1/transactions/${encodeURIComponent(input.externalId)}`,
            })
          ).body as TransactionResponse)
    return tx === null ? null : followedOf(input.operation, tx)
  }

  /** Fireblocks' medium fee level for a transaction, as decided gas (wei). */
  private async estimate(request: Omit<TransactionRequest, 'externalTxId'>): Promise<DecidedGas> {
    const { body } = await this.http.send({
      method: 'POST',
      path: '/v1/transactions/estimate_fee',
      body: request,
    })
    const medium = ((body ?? {}) as EstimatedTransactionFeeResponse).medium
    if (!medium?.gasLimit)
      throw new ProviderError('PROVIDER_REJECTED', 'Fireblocks estimated no gas for the transaction')
    const priority = toWei(medium.priorityFee)
    const base = toWei(medium.baseFee)
    if (priority !== undefined && base !== undefined) {
      // Room for the base fee to double before the transaction is signed, as wallets leave it.
      const maxFee = (2n * BigInt(base) + BigInt(priority)).toString()
      return {
        type: 'eip1559',
        gasLimit: medium.gasLimit,
        maxFeePerGas: maxFee,
        maxPriorityFeePerGas: priority,
      }
    }
    const price = toWei(medium.gasPrice)
    if (price === undefined)
      throw new ProviderError('PROVIDER_REJECTED', 'Fireblocks estimated no fee for the transaction')
    return { type: 'legacy', gasLimit: medium.gasLimit, gasPrice: price }
  }

  private contractCall(
    input: {
      accountExternalId: string
      transaction: { to?: string | null; value?: string | null; data?: string | null }
    },
    native: FireblocksAsset,
    vaultId: string,
  ): Omit<TransactionRequest, 'externalTxId'> {
    const { to, value, data } = input.transaction
    if (!to)
      throw new ProviderError('UNSUPPORTED', 'Fireblocks does not deploy contracts through this adapter', {
        path: '/transaction/to',
      })
    const call = data != null && data !== '0x' && data.length > 2
    return {
      operation: call ? 'CONTRACT_CALL' : 'TRANSFER',
      assetId: native.assetId,
      source: { type: 'VAULT_ACCOUNT', id: vaultId },
      destination: { type: 'ONE_TIME_ADDRESS', oneTimeAddress: { address: to } },
      amount: formatUnits(BigInt(value ?? '0'), native.decimals),
      ...(call ? { extraParameters: { contractCallData: data } } : {}),
    }
  }

  async prepareTransaction(
    input: Parameters<ProviderSession['prepareTransaction']>[0],
  ): Promise<PreparedTransaction> {
    const { vaultId, native } = this.signer(input)
    const tx = input.transaction
    const chainId = native.evmChainId
    if (chainId === null)
      throw new ProviderError('UNSUPPORTED', 'Fireblocks signs EVM transactions on EVM networks only')
    if (tx.chainId != null && tx.chainId !== chainId) {
      throw new ProviderError('INVALID_REQUEST', `The account is on chain ${chainId}`, {
        path: '/transaction/chainId',
      })
    }
    if (tx.nonce != null) {
      throw new ProviderError('UNSUPPORTED', 'Fireblocks chooses the nonce itself', {
        path: '/transaction/nonce',
      })
    }
    const hasFees = tx.gasLimit != null && (tx.maxFeePerGas != null || tx.gasPrice != null)
    const gas = hasFees
      ? {
          type: tx.maxFeePerGas != null ? 'eip1559' : 'legacy',
          gasLimit: tx.gasLimit!,
          gasPrice: tx.gasPrice ?? null,
          maxFeePerGas: tx.maxFeePerGas ?? null,
          maxPriorityFeePerGas: tx.maxPriorityFeePerGas ?? null,
        }
      : await this.estimate(this.contractCall(input, native, vaultId))
    return { ...tx, ...gas, from: tx.from ?? '', chainId, value: tx.value ?? '0' } as PreparedTransaction
  }

  async signTransaction(input: Parameters<ProviderSession['signTransaction']>[0], options?: CreateOptions) {
    const { vaultId, native } = this.signer(input)
    if (input.broadcast === false) {
      throw new ProviderError(
        'UNSUPPORTED',
        'Fireblocks signs and broadcasts transactions; it does not return them unsent',
      )
    }
    const t = input.transaction
    const gas = t.gasLimit ? (t as DecidedGas) : undefined
    return this.create(
      { ...this.contractCall(input, native, vaultId), ...feeFields(gas), failOnLowFee: false },
      options,
    )
  }

  private async typedMessage(
    ref: SignerRef,
    content: unknown,
    type: 'EIP191' | 'EIP712',
    options?: CreateOptions,
  ) {
    const { vaultId, native } = this.signer(ref)
    return this.create(
      {
        operation: 'TYPED_MESSAGE',
        assetId: native.assetId,
        source: { type: 'VAULT_ACCOUNT', id: vaultId },
        extraParameters: { rawMessageData: { messages: [{ content, type }] } },
      },
      options,
    )
  }

  async signMessage(input: Parameters<ProviderSession['signMessage']>[0], options?: CreateOptions) {
    // EIP-191 personal messages go to Fireblocks as the hex of their bytes, without 0x.
    const bytes =
      typeof input.message === 'string'
        ? Buffer.from(input.message, 'utf8').toString('hex')
        : input.message.raw.slice(2)
    return this.typedMessage(input, bytes, 'EIP191', options)
  }

  async signTypedData(input: Parameters<ProviderSession['signTypedData']>[0], options?: CreateOptions) {
    return this.typedMessage(input, input.typedData, 'EIP712', options)
  }

  async signRaw(input: Parameters<ProviderSession['signRaw']>[0], options?: CreateOptions) {
    const { vaultId, native } = this.signer(input)
    return this.create(
      {
        operation: 'RAW',
        assetId: native.assetId,
        source: { type: 'VAULT_ACCOUNT', id: vaultId },
        extraParameters: {
          rawMessageData: {
            messages: input.payloads.map((payload: Hex) => ({ content: payload.slice(2) })),
            algorithm: input.algorithm === 'ed25519' ? 'MPC_EDDSA_ED25519' : 'MPC_ECDSA_SECP256K1',
          },
        },
      },
      options,
    )
  }

  /** The transfer as Fireblocks would send it: a transfer of the asset, estimated at its medium fee level. */
  private transferRequest(input: BuildTransferInput): {
    request: Omit<TransactionRequest, 'externalTxId'>
    asset: FireblocksAsset
    native: FireblocksAsset
  } {
    const { vaultId, native, networkId } = this.signer(input.source)
    if (networkId !== input.networkId)
      throw new ProviderError('INVALID_REQUEST', 'The source account is on another network', {
        path: '/networkId',
      })
    const asset =
      input.asset.kind === 'native' ? native : tokenAssetOf(networkId, input.asset.contractAddress)
    const deduct = input.networkFeeAttribution === 'deduct'
    if (deduct && asset.contractAddress !== null) {
      throw new ProviderError('INVALID_REQUEST', 'Token transfers pay their fee in the native coin', {
        path: '/networkFeeAttribution',
      })
    }
    return {
      asset,
      native,
      request: {
        operation: 'TRANSFER',
        assetId: asset.assetId,
        source: { type: 'VAULT_ACCOUNT', id: vaultId },
        destination: { type: 'ONE_TIME_ADDRESS', oneTimeAddress: { address: input.destinationAddress } },
        amount: formatUnits(BigInt(input.amount), asset.decimals),
        treatAsGrossAmount: deduct,
        ...(input.memo === undefined ? {} : { note: input.memo }),
      },
    }
  }

  async prepareTransfer(input: BuildTransferInput): Promise<PreparedTransaction> {
    const { request, asset, native } = this.transferRequest(input)
    const gas = input.gas ?? (await this.estimate(request))
    const from = this.signer(input.source).address ?? ''
    const chainId = native.evmChainId
    if (chainId === null)
      throw new ProviderError('UNSUPPORTED', 'Fireblocks transfers go through EVM networks only here')
    const fee = BigInt(gas.gasLimit) * BigInt(gas.maxFeePerGas ?? gas.gasPrice ?? '0')
    if (asset.contractAddress !== null) {
      const data = encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [input.destinationAddress as Hex, BigInt(input.amount)],
      })
      return { ...gas, from, chainId, to: asset.contractAddress, value: '0', data }
    }
    const amount = BigInt(input.amount)
    const value = input.networkFeeAttribution === 'deduct' ? amount - fee : amount
    if (value <= 0n)
      throw new ProviderError('INSUFFICIENT_AMOUNT', 'The amount does not cover the network fee', {
        path: '/amount',
      })
    return { ...gas, from, chainId, to: input.destinationAddress, value: value.toString() }
  }

  async buildTransfer(input: BuildTransferInput, options?: CreateOptions) {
    const { request } = this.transferRequest(input)
    return this.create({ ...request, ...feeFields(input.gas), failOnLowFee: false }, options)
  }

  async prepareStake(): Promise<PreparedTransaction> {
    throw stakingUnsupported()
  }
  async stake(): Promise<never> {
    throw stakingUnsupported()
  }
  async getStake(): Promise<never> {
    throw stakingUnsupported()
  }
  async prepareUnstake(): Promise<PreparedTransaction> {
    throw stakingUnsupported()
  }
  async unstake(): Promise<never> {
    throw stakingUnsupported()
  }
  async getUnstake(): Promise<never> {
    throw stakingUnsupported()
  }
  async listPositions() {
    return []
  }

  /** Fireblocks holds nothing for the connection beyond the API user, which its owner removes in the console. */
  async revoke(): Promise<void> {}
}
