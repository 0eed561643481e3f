import { randomUUID } from 'node:crypto'
import { formatUnits, getAddress, parseUnits } from 'viem'
import { ProviderError } from '../../core/errors/providerErrors'
import type {
  BuildTransferInput,
  CreateOptions,
  CustodianTransfer,
  FollowedRequest,
  FollowRequestInput,
  Hex,
  NetworkFeeAttribution,
  PreparedTransaction,
  SubmittedRequest,
} from '../types'
import type { AnchorageClient } from './anchorageClient'
import type { AnchorageTransfer, AnchorageWallet } from './anchorageModels'
import { anchorageAssetOf, anchorageNetworkOf, evmChainIdOf, networkIdOfAnchorage } from './anchorageNetworks'
import { mapAnchorageTransferStatus } from './transferStatus'

/** A plain transfer's intrinsic gas: what the decided transaction shows; Anchorage sets the real gas and fee. */
const plainTransferGas = '21000'

type Resolved = {
  wallet: AnchorageWallet
  from: string
  assetType: string
  decimals: number
  chainId: number
}

/**
 * Transfers through Anchorage: `POST /v2/transfers` from the source wallet with an `idempotentId`, then followed with
 * `GET /v2/transfers/{transferId}` until final. Anchorage builds, signs and sends the transaction after its own
 * risk review; the gateway decides beforehand on the transaction it describes.
 */
export class AnchorageTransfers {
  /** Fee attributions of transfers this process created; Anchorage's transfer does not say it back. */
  private readonly attributions = new Map<string, NetworkFeeAttribution>()

  constructor(private readonly client: AnchorageClient) {}

  /**
   * What the policies decide on: the source's address sending the amount to the destination on the network's
   * chain. No fee is given: Anchorage chooses it when it signs, so a policy limiting network fees cannot permit it.
   */
  async prepare(input: BuildTransferInput): Promise<PreparedTransaction> {
    const resolved = await this.resolve(input)
    return {
      from: resolved.from,
      to: destinationOf(input),
      value: input.amount,
      chainId: resolved.chainId,
      type: 'eip1559',
      gasLimit: plainTransferGas,
    }
  }

  /** Submits the transfer; Anchorage answers at once with its id and status, and moves it on by itself. */
  async build(input: BuildTransferInput, options?: CreateOptions): Promise<SubmittedRequest> {
    const resolved = await this.resolve(input)
    const attribution = input.networkFeeAttribution ?? 'on_top'
    // The gateway gives the record's key, stored before this is sent: a repeat after a lost answer reuses it.
    const idempotentId = options?.idempotencyKey ?? randomUUID()
    const created = await this.client.createTransfer({
      source: { type: 'WALLET', id: resolved.wallet.walletId },
      destination: { type: 'ADDRESS', id: destinationOf(input) },
      assetType: resolved.assetType,
      amount: formatUnits(BigInt(input.amount), resolved.decimals),
      deductFeeFromAmountIfSameType: attribution === 'deduct',
      idempotentId,
      ...(input.memo === undefined ? {} : { transferMemo: input.memo }),
    })
    this.attributions.set(created.transferId, attribution)
    // Anchorage's documented answer carries the id only; its status is then read, never assumed.
    const transfer =
      created.status === null
        ? await this.client.getTransfer(created.transferId)
        : { status: created.status, blockchainTxId: null }
    return {
      submitted: true,
      externalId: created.transferId,
      externalStatus: transfer.status,
      status: mapAnchorageTransferStatus(transfer),
    }
  }

  /**
   * Where a transfer stands at Anchorage. Anchorage cannot look a transfer up by its `idempotentId`, but a create
   * sent again with it answers the first transfer: one whose create was never heard is answered `null`, and the
   * gateway's repeat with the same key finds it without making a second.
   */
  async follow(input: FollowRequestInput): Promise<FollowedRequest | null> {
    if (input.operation !== 'transfer') {
      throw new ProviderError('UNSUPPORTED', 'Anchorage requests are transfers only', {
        provider: 'anchorage',
      })
    }
    if (input.externalId === null) return null
    const transfer = await this.client.getTransfer(input.externalId)
    const status = mapAnchorageTransferStatus(transfer)
    const followed: FollowedRequest = {
      externalId: transfer.transferId,
      externalStatus: transfer.status,
      status,
    }
    if (status === 'failed')
      return { ...followed, reason: 'Anchorage reports the transfer FAILED: no funds moved' }
    if (status !== 'completed') return followed
    const wallet = await this.client.getWallet(transfer.source.id)
    return { ...followed, result: this.completedTransfer(transfer, wallet) }
  }

  /** A completed transfer in base units: Anchorage reports quantities in the asset's units. */
  private completedTransfer(transfer: AnchorageTransfer, wallet: AnchorageWallet): CustodianTransfer {
    const asset = assetOfType(transfer.assetType)
    const amount = parseUnits(transfer.amount.quantity, asset.decimals)
    const fee = transfer.fee
      ? parseUnits(transfer.fee.quantity, assetOfType(transfer.fee.assetType).decimals)
      : 0n
    const sameAsset = transfer.fee === null || transfer.fee.assetType === transfer.assetType
    // Unknown attribution (a transfer created before a restart) is read as on_top: what left the wallet is never
    // under-counted.
    const attribution = this.attributions.get(transfer.transferId) ?? 'on_top'
    const deducted = attribution === 'deduct' && sameAsset
    return {
      txHash: txHashOf(transfer.blockchainTxId),
      from: sourceAddress(wallet),
      broadcast: true,
      networkFeeAttribution: attribution,
      grossAmount: String(deducted || !sameAsset ? amount : amount + fee),
      netAmount: String(deducted ? amount - fee : amount),
      fees: transfer.fee
        ? [{ type: 'network', attribution, amount: String(fee), asset: { kind: 'native' } }]
        : [],
    }
  }

  /** The source wallet, its address, and the transfer's Anchorage asset; refuses what Anchorage cannot send. */
  private async resolve(input: BuildTransferInput): Promise<Resolved> {
    const anchorageNetwork = anchorageNetworkOf(input.networkId)
    const chainId = evmChainIdOf(input.networkId)
    if (anchorageNetwork === null || chainId === null) {
      throw new ProviderError('UNSUPPORTED', `Anchorage transfers on ${input.networkId} are not supported`, {
        provider: 'anchorage',
        path: '/networkId',
      })
    }
    const asset = anchorageAssetOf(input.networkId, input.asset)
    if (asset === null) {
      throw new ProviderError(
        'UNSUPPORTED',
        'Token transfers through Anchorage need the token’s Anchorage asset type, which the catalogue does not list yet',
        { provider: 'anchorage', path: '/asset' },
      )
    }
    const wallet = await this.client.getWallet(input.source.accountExternalId)
    if (wallet.networkId !== anchorageNetwork || wallet.isArchived || wallet.depositAddress === null) {
      throw new ProviderError('INVALID_REQUEST', 'The source wallet cannot send on this network', {
        provider: 'anchorage',
        path: '/source',
      })
    }
    return { wallet, from: sourceAddress(wallet), ...asset, chainId }
  }
}

/** The catalogue asset of an Anchorage asset type that names a network's coin. */
function assetOfType(assetType: string): { decimals: number } {
  // A coin's asset type is its network's Anchorage id (`ETH` on `ETH`, `ETHHOL` on `ETHHOL`).
  const networkId = networkIdOfAnchorage(assetType)
  const asset = networkId === null ? null : anchorageAssetOf(networkId, { kind: 'native' })
  if (asset === null) {
    throw new ProviderError('PROVIDER_UNAVAILABLE', 'Anchorage reported an asset the gateway does not know', {
      provider: 'anchorage',
    })
  }
  return asset
}

/** The destination, checked and EIP-55: the gateway resolved it to an address before. */
function destinationOf(input: BuildTransferInput): string {
  try {
    return getAddress(input.destinationAddress)
  } catch {
    throw new ProviderError('INVALID_REQUEST', 'The destination is not an EVM address', {
      provider: 'anchorage',
      path: '/destinationAddress',
    })
  }
}

/** The address an EVM wallet sends from: its deposit address (every Anchorage EVM wallet has one). */
function sourceAddress(wallet: AnchorageWallet): string {
  if (wallet.depositAddress === null) {
    throw new ProviderError('PROVIDER_UNAVAILABLE', 'Anchorage reports no address for the source wallet', {
      provider: 'anchorage',
    })
  }
  return getAddress(wallet.depositAddress.address)
}

/** Anchorage's blockchain transaction id as an EVM hash: `0x` and 64 hex digits. */
function txHashOf(blockchainTxId: string | null): Hex | null {
  if (blockchainTxId === null) return null
  const hex = blockchainTxId.replace(/^0x/i, '').toLowerCase()
  return /^[0-9a-f]{64}$/.test(hex) ? `0x${hex}` : null
}
