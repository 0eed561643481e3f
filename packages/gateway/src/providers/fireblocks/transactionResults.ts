import { secp256k1 } from '@noble/curves/secp256k1.js'
import { parseUnits } from 'viem'
import { ProviderError } from '../../core/errors/providerErrors'
import type {
  CustodianTransfer,
  FollowedRequest,
  Hex,
  MessageSignature,
  OperationResults,
  ProviderOperation,
  RawSignature,
} from '../types'
import { fireblocksAsset } from './assets'
import { externalStatusOf, normalizeFireblocksStatus, reasonOf } from './statuses'
import type { SignedMessage, TransactionResponse } from './wire'

const hex = (value: string): Hex => (value.startsWith('0x') ? (value as Hex) : `0x${value}`)

function incomplete(what: string): never {
  throw new ProviderError('PROVIDER_REJECTED', `Fireblocks completed the transaction without ${what}`)
}

/** Fireblocks' ECDSA signature (v 0/1, fullSig r ‖ s) as the gateway's: v 27/28 and fullSig r ‖ s ‖ v. */
function ecdsaOf(message: SignedMessage): Omit<MessageSignature, 'from'> {
  const { r, s, v } = message.signature ?? {}
  if (!r || !s || typeof v !== 'number') incomplete('a signature')
  const recovery = v >= 27 ? v : v + 27
  const rHex = r.replace(/^0x/, '').padStart(64, '0')
  const sHex = s.replace(/^0x/, '').padStart(64, '0')
  return {
    r: `0x${rHex}`,
    s: `0x${sHex}`,
    v: recovery,
    fullSig: `0x${rHex}${sHex}${recovery.toString(16).padStart(2, '0')}`,
  }
}

function rawOf(message: SignedMessage): RawSignature {
  const ed25519 = message.algorithm === 'MPC_EDDSA_ED25519'
  if (!message.content || !message.publicKey) incomplete('the signed content')
  if (ed25519) {
    const full = message.signature?.fullSig?.replace(/^0x/, '') ?? incomplete('a signature')
    return {
      content: hex(message.content),
      algorithm: 'ed25519',
      publicKey: hex(message.publicKey),
      signature: { r: `0x${full.slice(0, 64)}`, s: `0x${full.slice(64, 128)}`, v: 0, fullSig: `0x${full}` },
    }
  }
  // Fireblocks gives the compressed key; the gateway shows secp256k1 keys uncompressed (0x04…).
  const publicKey = secp256k1.Point.fromHex(message.publicKey.replace(/^0x/, '')).toHex(false)
  return {
    content: hex(message.content),
    algorithm: 'secp256k1_ecdsa',
    publicKey: `0x${publicKey}`,
    signature: ecdsaOf(message),
  }
}

/** A completed transfer's amounts and network fee in base units, with how the fee was attributed. */
function transferOf(tx: TransactionResponse): CustodianTransfer {
  const asset = tx.assetId ? fireblocksAsset(tx.assetId) : undefined
  if (!asset) incomplete('a known asset')
  const native = asset.contractAddress === null
  const units = (value: string | undefined, decimals: number) => parseUnits(value ?? '0', decimals)
  const amount = units(tx.amountInfo?.amount, asset.decimals)
  const net = tx.amountInfo?.netAmount === undefined ? amount : units(tx.amountInfo.netAmount, asset.decimals)
  // Fees are paid in the network's native coin (18 decimals on every EVM network the catalogue lists).
  const fee = units(tx.feeInfo?.networkFee, 18)
  const deduct = tx.treatAsGrossAmount === true
  const gross = native && !deduct ? amount + fee : amount
  return {
    txHash: tx.txHash ? hex(tx.txHash) : null,
    from: tx.sourceAddress ?? '',
    broadcast: true,
    networkFeeAttribution: deduct ? 'deduct' : 'on_top',
    grossAmount: gross.toString(),
    netAmount: net.toString(),
    fees: [
      {
        type: 'network',
        attribution: deduct ? 'deduct' : 'on_top',
        amount: fee.toString(),
        asset: { kind: 'native' },
      },
    ],
  }
}

/** What a completed transaction answers, as the create of `operation` would have answered it synchronously. */
export function resultOf<Operation extends ProviderOperation>(
  operation: Operation,
  tx: TransactionResponse,
): OperationResults[Operation] {
  const from = tx.sourceAddress ?? ''
  switch (operation) {
    case 'transfer':
      return transferOf(tx) as OperationResults[Operation]
    case 'signTransaction':
      return {
        txHash: tx.txHash ? hex(tx.txHash) : null,
        from,
        broadcast: true,
      } as OperationResults[Operation]
    case 'signMessage':
    case 'signTypedData': {
      const [message] = tx.signedMessages ?? []
      if (!message) incomplete('a signature')
      return { ...ecdsaOf(message), from } as OperationResults[Operation]
    }
    default: {
      const messages = tx.signedMessages ?? []
      if (messages.length === 0) incomplete('signatures')
      return messages.map(rawOf) as OperationResults[Operation]
    }
  }
}

/** A Fireblocks transaction as the follower reads it: normalized status, verbatim status, and its result or reason. */
export function followedOf(operation: ProviderOperation, tx: TransactionResponse): FollowedRequest {
  if (typeof tx.id !== 'string' || typeof tx.status !== 'string') {
    throw new ProviderError('PROVIDER_REJECTED', 'Fireblocks answered a transaction without id or status')
  }
  const status = normalizeFireblocksStatus(tx.status)
  const followed: FollowedRequest = {
    externalId: tx.id,
    externalStatus: externalStatusOf(tx.status, tx.subStatus),
    status,
  }
  if (status === 'completed') return { ...followed, result: resultOf(operation, tx) }
  if (status === 'failed' || status === 'rejected' || status === 'cancelled') {
    return { ...followed, reason: reasonOf(tx.status, tx.subStatus) }
  }
  return followed
}
