import { ed25519 } from '@noble/curves/ed25519.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { declaresOwnDomainType } from '@rampart/decoder'
import {
  type Address,
  BaseError,
  type Hex,
  keccak256,
  parseSignature,
  serializeSignature,
  type TransactionSerializable,
} from 'viem'
import { type PrivateKeyAccount, sign } from 'viem/accounts'
import { ProviderError } from '../../core/errors/providerErrors'
import type { KeyedLock } from '../../core/lock/keyedLock'
import type {
  BuildTransferInput,
  BuiltTransfer,
  CreateWalletInput,
  DeriveAddressInput,
  EcdsaSignature,
  EvmTransactionRequest,
  MessageSignature,
  NetworkFeeAttribution,
  NetworkId,
  PositionStatus,
  PreparedTransaction,
  ProviderCapabilities,
  ProviderKnownDestination,
  ProviderPosition,
  ProviderSession,
  ProviderStake,
  ProviderUnstake,
  ProviderWallet,
  RawSignature,
  SignedTransaction,
  SignerRef,
  SignMessageInput,
  SignRawInput,
  SignTransactionInput,
  SignTypedDataInput,
  StakeInput,
  UnstakeInput,
} from '../types'
import {
  gasOf,
  stakeTransaction,
  transferTransaction,
  unstakeTransaction,
  withGas,
} from './actionTransactions'
import { maxNetworkFee, preparedView, prepareTransaction, transactionView } from './evmTransaction'
import { accountExternalId, addressExternalId, parseExternalId, walletExternalId } from './externalIds'
import type { Keyring, LocalKey } from './keyring'
import type { LocalNetwork } from './networks'
import {
  invalidRequest,
  parseAddress,
  parseAmount,
  parseHex,
  parseQuantity,
  requireObject,
} from './parseInput'
import type { NetworkRpc } from './rpc'
import { createPosition, findPosition, positionView, requestExit, stakeView, unstakeView } from './staking'
import { positionExternalStatus, transition } from './stakingStateMachine'
import type { LocalVault, LocalVaultStore, LocalWalletRecord } from './vault'

/** Per-network settings of the local provider. */
export interface LocalNetworkSettings {
  /** JSON-RPC endpoint: fills nonce, gas and fees, and broadcasts signed transactions. */
  rpcUrl?: string
  /** Offline fee overrides (wei), used when there is no rpcUrl and the request leaves fees out. */
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
  /** Default validator contract for stakes that name none. */
  stakingValidator?: string
}

export interface LocalSessionContext {
  connectionId: string
  store: LocalVaultStore
  keyring: Keyring
  lock: KeyedLock
  networks: Readonly<Record<NetworkId, LocalNetwork>>
  networkSettings: Readonly<Record<NetworkId, LocalNetworkSettings>>
  walletNetworkIds: readonly NetworkId[]
  knownDestinations: readonly ProviderKnownDestination[]
  rpcFor(network: LocalNetwork & { chainId: number }): NetworkRpc | undefined
  now(): Date
  newId(prefix: string): string
}

interface Signer {
  network: LocalNetwork
  wallet: LocalWalletRecord
  accountExternalId: string
  addressExternalId: string
  key: LocalKey
}

type EvmSigner = Signer & { network: LocalNetwork & { kind: 'evm'; chainId: number } }

const maxWallets = 10_000
const maxAddressesPerWallet = 1_000
const maxRawPayloads = 100
const maxMessageBytes = 64 * 1024
/** Gas limits used without a node: an ERC-20 transfer, and a call into a staking validator contract. */
const offlineErc20GasLimit = 100_000n
const offlineStakingGasLimit = 150_000n

export class LocalSession implements ProviderSession {
  readonly providerId = 'local'
  readonly capabilities: ProviderCapabilities = {
    createWallet: true,
    deriveAddress: true,
    signTransaction: true,
    signMessage: true,
    signTypedData: true,
    rawSigningAlgorithms: ['secp256k1_ecdsa', 'ed25519'],
    transfers: true,
    staking: true,
    broadcast: true,
  }
  readonly #context: LocalSessionContext
  #revoked = false

  constructor(context: LocalSessionContext) {
    this.#context = context
  }

  // ---------------------------------------------------------------------------------------------------------
  // Vault access

  async #load(): Promise<LocalVault> {
    if (this.#revoked) throw revokedError()
    const vault = await this.#context.store.load()
    if (!vault) throw revokedError()
    if (vault.seed.fingerprint !== this.#context.keyring.fingerprint) {
      throw new ProviderError('STORAGE_CORRUPT', 'The stored vault belongs to another wallet seed')
    }
    return vault
  }

  /** Runs `change` on the latest vault, one change at a time per connection, and saves it if it succeeds. */
  #mutate<T>(change: (vault: LocalVault) => Promise<T> | T): Promise<T> {
    return this.#context.lock(this.#context.connectionId, async () => {
      const vault = await this.#load()
      const result = await change(vault)
      await this.#context.store.save(vault)
      return result
    })
  }

  // ---------------------------------------------------------------------------------------------------------
  // Wallets, accounts, addresses

  async listWallets(): Promise<ProviderWallet[]> {
    const vault = await this.#load()
    return vault.wallets.map((wallet) => this.#walletView(wallet))
  }

  async createWallet(input: CreateWalletInput = {}): Promise<ProviderWallet> {
    const label = requireObject(input).label ?? null
    if (label !== null && (typeof label !== 'string' || label.length > 200)) {
      invalidRequest('label must be a string of at most 200 characters', '/label')
    }
    return this.#mutate((vault) => {
      if (vault.wallets.length >= maxWallets) {
        throw new ProviderError('CONFLICT', `A connection holds at most ${maxWallets} wallets`)
      }
      const wallet: LocalWalletRecord = {
        index: Math.max(-1, ...vault.wallets.map((w) => w.index)) + 1,
        label,
        addressCount: 1,
        networkIds: [...this.#context.walletNetworkIds],
        createdAt: this.#context.now().toISOString(),
      }
      vault.wallets.push(wallet)
      return this.#walletView(wallet)
    })
  }

  async deriveAddress(input: DeriveAddressInput): Promise<ProviderWallet> {
    requireObject(input)
    const parsed = parseExternalId(input?.walletExternalId, 'wallet', '/walletExternalId')
    return this.#mutate((vault) => {
      const wallet = this.#wallet(
        vault,
        parsed.fingerprint,
        parsed.walletIndex,
        'Wallet',
        '/walletExternalId',
      )
      if (wallet.addressCount >= maxAddressesPerWallet) {
        throw new ProviderError('CONFLICT', `A wallet holds at most ${maxAddressesPerWallet} addresses`)
      }
      wallet.addressCount += 1
      return this.#walletView(wallet)
    })
  }

  #wallet(vault: LocalVault, fingerprint: string, index: number, noun: string, path: string) {
    const wallet =
      fingerprint === this.#context.keyring.fingerprint
        ? vault.wallets.find((w) => w.index === index)
        : undefined
    if (!wallet) throw new ProviderError('NOT_FOUND', `${noun} not found`, { path })
    return wallet
  }

  #walletView(wallet: LocalWalletRecord): ProviderWallet {
    const { keyring, networks } = this.#context
    const walletId = walletExternalId(keyring.fingerprint, wallet.index)
    return {
      externalId: walletId,
      label: wallet.label,
      accounts: wallet.networkIds.flatMap((networkId) => {
        const network = networks[networkId]
        if (!network) return []
        const accountId = accountExternalId(keyring.fingerprint, wallet.index, networkId)
        return [
          {
            externalId: accountId,
            walletExternalId: walletId,
            networkId,
            label: wallet.label,
            addresses: Array.from({ length: wallet.addressCount }, (_, addressIndex) => {
              const key = keyring.key(network, wallet.index, addressIndex)
              return {
                externalId: addressExternalId(accountId, addressIndex),
                accountExternalId: accountId,
                address: key.address,
                publicKey: key.publicKey,
                derivationPath: key.path,
              }
            }),
          },
        ]
      }),
    }
  }

  #signer(vault: LocalVault, ref: SignerRef, path: string): Signer {
    if (typeof ref !== 'object' || ref === null) invalidRequest('A source account is required', path)
    const account = parseExternalId(ref.accountExternalId, 'account', `${path}/accountExternalId`)
    const wallet = this.#wallet(vault, account.fingerprint, account.walletIndex, 'Account', path)
    const networkId = account.networkId!
    const network = this.#context.networks[networkId]
    if (!network || !wallet.networkIds.includes(networkId)) {
      throw new ProviderError('NOT_FOUND', 'Account not found', { path: `${path}/accountExternalId` })
    }
    const accountId = ref.accountExternalId
    let addressIndex = 0
    if (ref.addressExternalId !== undefined) {
      const address = parseExternalId(ref.addressExternalId, 'address', `${path}/addressExternalId`)
      if (
        `${address.fingerprint}:${address.walletIndex}:${address.networkId}` !== accountId ||
        address.addressIndex! >= wallet.addressCount
      ) {
        throw new ProviderError('NOT_FOUND', 'Address not found', { path: `${path}/addressExternalId` })
      }
      addressIndex = address.addressIndex!
    }
    return {
      network,
      wallet,
      accountExternalId: accountId,
      addressExternalId: addressExternalId(accountId, addressIndex),
      key: this.#context.keyring.key(network, wallet.index, addressIndex),
    }
  }

  #evmSigner(vault: LocalVault, ref: SignerRef, path: string): EvmSigner {
    const signer = this.#signer(vault, ref, path)
    if (
      signer.network.kind !== 'evm' ||
      signer.network.chainId === null ||
      signer.key.curve !== 'secp256k1'
    ) {
      throw new ProviderError('UNSUPPORTED', `EVM signing is not available on ${signer.network.id}`, {
        path: `${path}/accountExternalId`,
        networkId: signer.network.id,
      })
    }
    return signer as EvmSigner
  }

  // ---------------------------------------------------------------------------------------------------------
  // EVM transactions

  /** Fills, signs, records the nonce and (when a node is configured and wanted) broadcasts. Runs under the lock. */
  async #signAndSend(
    vault: LocalVault,
    signer: EvmSigner,
    request: EvmTransactionRequest,
    options: { path: string; broadcast: boolean | undefined; fallbackGasLimit?: bigint },
  ): Promise<{ prepared: TransactionSerializable; signed: SignedTransaction }> {
    const { network, key } = signer
    if (key.curve !== 'secp256k1') throw new ProviderError('UNSUPPORTED', 'Not an EVM key')
    const from = key.address as Address
    const settings = this.#context.networkSettings[network.id] ?? {}
    const rpc = this.#context.rpcFor(network)
    const nonceKey = `${network.chainId}:${from.toLowerCase()}`
    const prepared = await prepareTransaction({
      request,
      network,
      from,
      rpc,
      offlineNonce: vault.nonces[nonceKey] ?? 0,
      offlineFees: {
        maxFeePerGas: settings.maxFeePerGas ?? network.offlineFees.maxFeePerGas,
        maxPriorityFeePerGas: settings.maxPriorityFeePerGas ?? network.offlineFees.maxPriorityFeePerGas,
      },
      fallbackGasLimit: options.fallbackGasLimit,
      path: options.path,
    })
    const signedTransaction = await key.account.signTransaction(prepared)
    const txHash = keccak256(signedTransaction)
    const nonceBefore = vault.nonces[nonceKey]
    vault.nonces[nonceKey] = Math.max(nonceBefore ?? 0, (prepared.nonce ?? 0) + 1)
    let broadcast = false
    let broadcastError: string | undefined
    if (rpc && options.broadcast !== false) {
      // The used nonce is saved before the transaction leaves the gateway: a gateway that dies once it is sent
      // (SIGKILL, power) never lets it, or another gateway sharing the vault, sign that nonce again. Dying between
      // the two leaves the nonce unused, a gap later transactions wait behind, never two transactions on one nonce.
      // With a database store the save is also refused if another gateway changed the vault meanwhile.
      await this.#context.store.save(vault)
      try {
        const networkHash = await rpc.sendRawTransaction(signedTransaction)
        if (networkHash.toLowerCase() === txHash.toLowerCase()) broadcast = true
        else broadcastError = `The ${network.id} node answered with another transaction hash (${networkHash})`
      } catch (error) {
        // Only the node's own refusal means it does not have the transaction. A timeout or a lost connection
        // leaves it perhaps on the network: it is signed, its nonce is used, and its bytes are kept, since
        // answering "failed" would have the request asked (and signed) again.
        if (!(error instanceof ProviderError)) throw error
        if (error.details.deliveryUnknown !== true) {
          // The node refused it: its nonce is free again. Should that not be saved, the nonce stays skipped: safe.
          if (nonceBefore === undefined) delete vault.nonces[nonceKey]
          else vault.nonces[nonceKey] = nonceBefore
          await this.#context.store.save(vault).catch(() => {})
          throw error
        }
        broadcastError = error.message
      }
    }
    return {
      prepared,
      signed: {
        signedTransaction,
        txHash,
        from,
        transaction: transactionView(prepared, from),
        broadcast,
        ...(broadcastError === undefined ? {} : { broadcastError }),
      },
    }
  }

  /** Fills gas and fees (not the nonce) as signing would, without signing: what a decision is made on. */
  async #prepareUnsigned(
    signer: EvmSigner,
    request: EvmTransactionRequest,
    fallbackGasLimit?: bigint,
  ): Promise<TransactionSerializable> {
    return prepareTransaction({
      request,
      network: signer.network,
      from: signer.key.address as Address,
      rpc: this.#context.rpcFor(signer.network),
      offlineNonce: 0,
      offlineFees: this.#offlineFees(signer.network),
      fallbackGasLimit,
      path: '/transaction',
      fillNonce: false,
    })
  }

  async prepareTransaction(input: SignTransactionInput): Promise<PreparedTransaction> {
    requireObject(input)
    const vault = await this.#load()
    const signer = this.#evmSigner(vault, input, '')
    const prepared = await this.#prepareUnsigned(signer, input.transaction)
    return preparedView(prepared, signer.key.address as Address)
  }

  async signTransaction(input: SignTransactionInput): Promise<SignedTransaction> {
    requireObject(input)
    return this.#mutate(async (vault) => {
      const signer = this.#evmSigner(vault, input, '')
      const { signed } = await this.#signAndSend(vault, signer, input.transaction, {
        path: '/transaction',
        broadcast: input.broadcast,
      })
      return signed
    })
  }

  /**
   * A transfer's checked transaction, with the decided gas when given. A fee deducted from the amount needs the
   * gas first: the value is the amount less the most the gas can cost.
   */
  async #transferTransaction(signer: EvmSigner, input: BuildTransferInput) {
    if (input.networkId !== signer.network.id) {
      invalidRequest(`The source account is on ${signer.network.id}, not ${input.networkId}`, '/networkId')
    }
    const destination = parseAddress(input.destinationAddress, '/destinationAddress')
    const amount = parseAmount(input.amount, '/amount')
    const attribution: NetworkFeeAttribution = input.networkFeeAttribution ?? 'on_top'
    if (attribution !== 'on_top' && attribution !== 'deduct') {
      invalidRequest('networkFeeAttribution must be on_top or deduct', '/networkFeeAttribution')
    }
    const asset = input.asset
    if (asset?.kind !== 'native' && asset?.kind !== 'erc20') {
      return invalidRequest('asset.kind must be native or erc20', '/asset/kind')
    }
    if (asset.kind === 'erc20' && attribution === 'deduct') {
      throw new ProviderError(
        'UNSUPPORTED',
        'ERC-20 transfers pay network fees in the native coin; only on_top applies',
        { path: '/networkFeeAttribution' },
      )
    }
    const contract =
      asset.kind === 'erc20' ? parseAddress(asset.contractAddress, '/asset/contractAddress') : null
    const request = withGas(transferTransaction(destination, amount, contract), input.gas)
    const deducted = asset.kind === 'native' && attribution === 'deduct'
    if (!deducted) return { request, amount, attribution, deducted }
    const probe = await this.#prepareUnsigned(signer, request)
    const fee = maxNetworkFee(probe)
    if (amount <= fee) {
      throw new ProviderError('INSUFFICIENT_AMOUNT', 'The amount does not cover the network fee', {
        path: '/amount',
        amount: amount.toString(),
        networkFee: fee.toString(),
      })
    }
    return {
      request: { ...withGas(request, gasOf(probe)), value: (amount - fee).toString() },
      amount,
      attribution,
      deducted,
    }
  }

  async prepareTransfer(input: BuildTransferInput): Promise<PreparedTransaction> {
    requireObject(input)
    const vault = await this.#load()
    const signer = this.#evmSigner(vault, input.source, '/source')
    const { request } = await this.#transferTransaction(signer, input)
    const prepared = await this.#prepareUnsigned(signer, request, offlineErc20GasLimit)
    return preparedView(prepared, signer.key.address as Address)
  }

  async buildTransfer(input: BuildTransferInput): Promise<BuiltTransfer> {
    requireObject(input)
    return this.#mutate(async (vault) => {
      const signer = this.#evmSigner(vault, input.source, '/source')
      const { request, amount, attribution, deducted } = await this.#transferTransaction(signer, input)
      const { prepared, signed } = await this.#signAndSend(vault, signer, request, {
        path: '/transaction',
        broadcast: input.broadcast,
        fallbackGasLimit: offlineErc20GasLimit,
      })
      const fee = maxNetworkFee(prepared)
      const onTopNative = input.asset.kind === 'native' && !deducted
      return {
        ...signed,
        networkFeeAttribution: attribution,
        grossAmount: (onTopNative ? amount + fee : amount).toString(),
        netAmount: (deducted ? amount - fee : amount).toString(),
        fees: [{ type: 'network', attribution, amount: fee.toString(), asset: { kind: 'native' } }],
      }
    })
  }

  #offlineFees(network: LocalNetwork) {
    const settings = this.#context.networkSettings[network.id] ?? {}
    return {
      maxFeePerGas: settings.maxFeePerGas ?? network.offlineFees.maxFeePerGas,
      maxPriorityFeePerGas: settings.maxPriorityFeePerGas ?? network.offlineFees.maxPriorityFeePerGas,
    }
  }

  // ---------------------------------------------------------------------------------------------------------
  // Messages, typed data, raw digests

  async signMessage(input: SignMessageInput): Promise<MessageSignature> {
    requireObject(input)
    const signer = this.#evmSigner(await this.#load(), input, '')
    const message = input.message
    let signable: string | { raw: Hex }
    if (typeof message === 'string') {
      if (Buffer.byteLength(message) > maxMessageBytes) invalidRequest('The message is too long', '/message')
      signable = message
    } else if (typeof message === 'object' && message !== null && typeof message.raw === 'string') {
      const raw = parseHex(message.raw, '/message/raw')
      if (raw.length > 2 + 2 * maxMessageBytes) invalidRequest('The message is too long', '/message/raw')
      signable = { raw }
    } else {
      return invalidRequest('message must be a string or {raw: hex}', '/message')
    }
    const signature = await evmKey(signer).account.signMessage({ message: signable })
    return { ...splitSignature(signature), from: signer.key.address }
  }

  async signTypedData(input: SignTypedDataInput): Promise<MessageSignature> {
    requireObject(input)
    const signer = this.#evmSigner(await this.#load(), input, '')
    const typedData = input.typedData
    if (typeof typedData !== 'object' || typedData === null)
      invalidRequest('typedData is required', '/typedData')
    const { domain, types, primaryType, message } = typedData
    if (typeof domain !== 'object' || domain === null)
      invalidRequest('domain is required', '/typedData/domain')
    if (typeof types !== 'object' || types === null) invalidRequest('types is required', '/typedData/types')
    if (typeof primaryType !== 'string' || !Object.hasOwn(types, primaryType)) {
      invalidRequest('primaryType must name one of types', '/typedData/primaryType')
    }
    if (!declaresOwnDomainType(types, domain as Record<string, unknown>)) {
      invalidRequest(
        'EIP712Domain must list the fields the domain has, in the EIP-712 order and with their standard types',
        '/typedData/types/EIP712Domain',
      )
    }
    // Built from entries, not by assignment: a `__proto__` member would otherwise become the domain's prototype,
    // and the fields under it would be signed without being in the domain.
    const cleanDomain = Object.fromEntries(
      Object.entries(domain)
        .filter(([, value]) => value !== null && value !== undefined)
        .map(([field, value]) => [
          field,
          field === 'chainId' ? parseQuantity(value, '/typedData/domain/chainId') : value,
        ]),
    )
    try {
      const signature = await evmKey(signer).account.signTypedData({
        domain: cleanDomain,
        types: types as Record<string, { name: string; type: string }[]>,
        primaryType,
        message,
      } as Parameters<PrivateKeyAccount['signTypedData']>[0])
      return { ...splitSignature(signature), from: signer.key.address }
    } catch (error) {
      if (error instanceof ProviderError) throw error
      const detail = error instanceof BaseError ? error.shortMessage : 'invalid EIP-712 data'
      return invalidRequest(`The typed data cannot be encoded: ${detail.slice(0, 300)}`, '/typedData')
    }
  }

  async signRaw(input: SignRawInput): Promise<RawSignature[]> {
    requireObject(input)
    const signer = this.#signer(await this.#load(), input, '')
    const { algorithm, payloads } = input
    const curve =
      algorithm === 'secp256k1_ecdsa' ? 'secp256k1' : algorithm === 'ed25519' ? 'ed25519' : undefined
    if (!curve) invalidRequest('algorithm must be secp256k1_ecdsa or ed25519', '/algorithm')
    if (signer.key.curve !== curve) {
      throw new ProviderError(
        'UNSUPPORTED',
        `${algorithm} signing is not available on ${signer.network.id}`,
        {
          path: '/algorithm',
          networkId: signer.network.id,
        },
      )
    }
    if (!Array.isArray(payloads) || payloads.length === 0 || payloads.length > maxRawPayloads) {
      invalidRequest(`payloads must hold 1 to ${maxRawPayloads} entries`, '/payloads')
    }
    const key = signer.key
    const signatures: RawSignature[] = []
    for (const [index, payload] of payloads.entries()) {
      const path = `/payloads/${index}`
      if (key.curve === 'secp256k1') {
        const hash = parseHex(payload, path, 32)
        const signature = await sign({ hash, privateKey: key.privateKey })
        const v = signature.yParity === 1 ? 28 : 27
        signatures.push({
          content: hash,
          algorithm,
          publicKey: key.publicKey,
          signature: { r: signature.r, s: signature.s, v, fullSig: serializeSignature(signature) },
        })
      } else {
        const content = parseHex(payload, path)
        if (content.length > 2 + 2 * maxMessageBytes) invalidRequest('The payload is too long', path)
        const signature = bytesToHex(ed25519.sign(hexToBytes(content.slice(2)), key.privateKey))
        signatures.push({
          content,
          algorithm,
          publicKey: key.publicKey,
          signature: {
            r: `0x${signature.slice(0, 64)}`,
            s: `0x${signature.slice(64)}`,
            v: 0,
            fullSig: `0x${signature}`,
          },
        })
      }
    }
    return signatures
  }

  // ---------------------------------------------------------------------------------------------------------
  // Staking

  /** A stake's checked transaction, with the decided gas when given. */
  #stakeTransaction(signer: EvmSigner, input: StakeInput) {
    if (input.networkId !== signer.network.id) {
      invalidRequest(`The source account is on ${signer.network.id}, not ${input.networkId}`, '/networkId')
    }
    if (!signer.network.supportsStake) {
      throw new ProviderError('UNSUPPORTED', `Staking is not available on ${signer.network.id}`, {
        path: '/networkId',
      })
    }
    const amount = parseAmount(input.amount, '/amount')
    const configured = this.#context.networkSettings[signer.network.id]?.stakingValidator
    const validatorInput = input.validator?.address ?? configured
    if (validatorInput === undefined) {
      invalidRequest(
        'A validator address is required (none is configured for this network)',
        '/validator/address',
      )
    }
    const validator = parseAddress(validatorInput, '/validator/address')
    return { amount, validator, request: withGas(stakeTransaction(validator, amount), input.gas) }
  }

  async prepareStake(input: StakeInput): Promise<PreparedTransaction> {
    requireObject(input)
    const vault = await this.#load()
    const signer = this.#evmSigner(vault, input.source, '/source')
    const { request } = this.#stakeTransaction(signer, input)
    const prepared = await this.#prepareUnsigned(signer, request, offlineStakingGasLimit)
    return preparedView(prepared, signer.key.address as Address)
  }

  async stake(input: StakeInput): Promise<ProviderStake> {
    requireObject(input)
    return this.#mutate(async (vault) => {
      const signer = this.#evmSigner(vault, input.source, '/source')
      const { amount, validator, request } = this.#stakeTransaction(signer, input)
      const { signed } = await this.#signAndSend(vault, signer, request, {
        path: '/transaction',
        broadcast: input.broadcast,
        fallbackGasLimit: offlineStakingGasLimit,
      })
      const now = this.#context.now().toISOString()
      const stakeId = this.#context.newId('stk')
      const transaction = {
        externalTxId: this.#context.newId('stx'),
        externalTransactionStatus: signed.broadcast ? 'broadcast' : 'signed',
        transactionHash: signed.txHash,
        signedTransaction: signed.signedTransaction,
      }
      const position = createPosition({
        externalId: this.#context.newId('pos'),
        stakeExternalId: stakeId,
        networkId: signer.network.id,
        accountExternalId: signer.accountExternalId,
        validatorAddress: validator,
        stakeAccountAddress: signer.key.address,
        amount: amount.toString(),
        transaction,
        now,
      })
      vault.positions.push(position)
      const stake = {
        externalId: stakeId,
        networkId: signer.network.id,
        accountExternalId: signer.accountExternalId,
        amount: amount.toString(),
        createdAt: now,
        positionExternalIds: [position.externalId],
        transactions: [transaction],
        memo: input.memo ?? null,
      }
      vault.stakes.push(stake)
      return stakeView(vault, stake)
    })
  }

  async getStake(externalId: string): Promise<ProviderStake> {
    const vault = await this.#load()
    const stake = vault.stakes.find((s) => s.externalId === externalId)
    if (!stake) throw new ProviderError('NOT_FOUND', 'Stake not found', { externalId })
    return stakeView(vault, stake)
  }

  /** An unstake's checked transaction, with the decided gas when given; refused when the position cannot exit. */
  #unstakeTransaction(vault: LocalVault, signer: EvmSigner, input: UnstakeInput, now: string) {
    if (input.networkId !== signer.network.id) {
      invalidRequest(`The source account is on ${signer.network.id}, not ${input.networkId}`, '/networkId')
    }
    const position = findPosition(vault, input, signer.accountExternalId)
    const amount = parseAmount(input.amount, '/amount')
    if (amount.toString() !== position.amount) {
      invalidRequest(
        'The local provider exits whole positions: amount must equal the position amount',
        '/amount',
        {
          positionAmount: position.amount,
        },
      )
    }
    requestExit(position, now, undefined, true)
    return {
      position,
      amount,
      request: withGas(unstakeTransaction(position.validatorAddress, amount), input.gas),
    }
  }

  async prepareUnstake(input: UnstakeInput): Promise<PreparedTransaction> {
    requireObject(input)
    const vault = await this.#load()
    const signer = this.#evmSigner(vault, input.source, '/source')
    const { request } = this.#unstakeTransaction(vault, signer, input, this.#context.now().toISOString())
    const prepared = await this.#prepareUnsigned(signer, request, offlineStakingGasLimit)
    return preparedView(prepared, signer.key.address as Address)
  }

  async unstake(input: UnstakeInput): Promise<ProviderUnstake> {
    requireObject(input)
    return this.#mutate(async (vault) => {
      const signer = this.#evmSigner(vault, input.source, '/source')
      const now = this.#context.now().toISOString()
      const { position, amount, request } = this.#unstakeTransaction(vault, signer, input, now)
      const { signed } = await this.#signAndSend(vault, signer, request, {
        path: '/transaction',
        broadcast: input.broadcast,
        fallbackGasLimit: offlineStakingGasLimit,
      })
      const transaction = {
        externalTxId: this.#context.newId('stx'),
        externalTransactionStatus: signed.broadcast ? 'broadcast' : 'signed',
        transactionHash: signed.txHash,
        signedTransaction: signed.signedTransaction,
      }
      requestExit(position, now, transaction)
      const unstake = {
        externalId: this.#context.newId('uns'),
        networkId: signer.network.id,
        accountExternalId: signer.accountExternalId,
        positionExternalId: position.externalId,
        amount: amount.toString(),
        createdAt: now,
        transactions: [transaction],
      }
      vault.unstakes.push(unstake)
      return unstakeView(vault, unstake)
    })
  }

  async getUnstake(externalId: string): Promise<ProviderUnstake> {
    const vault = await this.#load()
    const unstake = vault.unstakes.find((u) => u.externalId === externalId)
    if (!unstake) throw new ProviderError('NOT_FOUND', 'Unstake not found', { externalId })
    return unstakeView(vault, unstake)
  }

  async listPositions(
    filter: { accountExternalId?: string; status?: PositionStatus[] } = {},
  ): Promise<ProviderPosition[]> {
    const vault = await this.#load()
    return vault.positions
      .filter(
        (p) => filter.accountExternalId === undefined || p.accountExternalId === filter.accountExternalId,
      )
      .filter((p) => filter.status === undefined || filter.status.includes(p.status))
      .map(positionView)
  }

  /**
   * Moves a position along its lifecycle. The local provider has no consensus layer to watch, so the operator
   * (or a job that watches the chain) reports deposits confirmed (`activate`), deposits dropped (`reject`) and
   * withdrawals received (`completeExit`). Exits start with `unstake`.
   */
  async advancePosition(
    positionExternalId: string,
    event: 'activate' | 'reject' | 'completeExit',
  ): Promise<ProviderPosition> {
    return this.#mutate(async (vault) => {
      const position = findPosition(vault, { positionExternalId }, undefined)
      const next = transition(position.status, event)
      position.status = next
      position.externalStatus = positionExternalStatus[next]
      position.updatedAt = this.#context.now().toISOString()
      for (const tx of position.transactions) {
        if (event === 'activate' || event === 'completeExit') tx.externalTransactionStatus = 'confirmed'
        if (event === 'reject' && tx.externalTransactionStatus !== 'confirmed')
          tx.externalTransactionStatus = 'dropped'
      }
      return positionView(position)
    })
  }

  // ---------------------------------------------------------------------------------------------------------
  // Known destinations and revocation

  async listKnownDestinations(): Promise<ProviderKnownDestination[]> {
    const vault = await this.#load()
    const own = vault.wallets.flatMap((wallet) =>
      this.#walletView(wallet).accounts.flatMap((account) =>
        account.addresses.map(
          (address): ProviderKnownDestination => ({
            externalId: address.externalId,
            label: wallet.label,
            externalClassification: 'internal',
            address: address.address,
            networkId: account.networkId,
            externalAssetId: null,
          }),
        ),
      ),
    )
    return [...own, ...this.#context.knownDestinations.map((destination) => ({ ...destination }))]
  }

  async revoke(): Promise<void> {
    await this.#context.lock(this.#context.connectionId, async () => {
      this.#revoked = true
      await this.#context.store.destroy()
    })
  }
}

function revokedError(): ProviderError {
  return new ProviderError('REVOKED', 'The connection was revoked')
}

function evmKey(signer: Signer): Extract<LocalKey, { curve: 'secp256k1' }> {
  if (signer.key.curve !== 'secp256k1') throw new ProviderError('UNSUPPORTED', 'Not an EVM key')
  return signer.key
}

function splitSignature(signature: Hex): EcdsaSignature {
  const { r, s, yParity } = parseSignature(signature)
  return { r, s, v: yParity === 1 ? 28 : 27, fullSig: signature }
}
