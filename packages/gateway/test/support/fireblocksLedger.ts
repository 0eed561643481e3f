import { createHash, randomBytes } from 'node:crypto'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { type Hex, hashTypedData, keccak256, parseUnits, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * The state of the Fireblocks test server: vault accounts with asset wallets and addresses, whitelisted wallets and
 * contracts, and transactions that move through Fireblocks' statuses. Field names and status values are
 * Fireblocks' own (API v1); signatures are real (each vault has a secp256k1 key), so a gateway's checks of them hold.
 */

/** The path a signed EVM transaction takes, one status per step (CONFIRMING comes with its hash). */
export const transferSteps = [
  'SUBMITTED',
  'PENDING_AUTHORIZATION',
  'PENDING_SIGNATURE',
  'BROADCASTING',
  'CONFIRMING',
  'COMPLETED',
] as const
/** Message signing is never broadcast. */
export const messageSteps = ['SUBMITTED', 'PENDING_AUTHORIZATION', 'PENDING_SIGNATURE', 'COMPLETED'] as const

export type LedgerTransaction = {
  id: string
  externalTxId: string
  status: string
  subStatus: string
  operation: string
  assetId: string
  source: { type: string; id: string }
  sourceAddress: string
  destinationAddress?: string
  amountInfo?: { amount: string; requestedAmount: string; netAmount: string }
  treatAsGrossAmount?: boolean
  feeInfo?: { networkFee: string; gasPrice?: string }
  txHash?: string
  signedMessages?: unknown[]
  createdAt: number
  lastUpdated: number
  /** Not Fireblocks': the request as received, for the steps to come. */
  request: Record<string, unknown>
  step: number
}

export type Vault = { id: string; name: string; assets: string[]; privateKey: Hex; extraAddresses: number }

const vaultKey = (id: string): Hex => keccak256(toHex(`rampart fireblocks test vault ${id}`))

export function createVault(id: string, name: string, assets: string[], extraAddresses = 0): Vault {
  return { id, name, assets, privateKey: vaultKey(id), extraAddresses }
}

export const vaultAddress = (vault: Vault) => privateKeyToAccount(vault.privateKey).address

/** A vault's addresses of one asset: its own, then `extraAddresses` more (to page through). */
export function addressesOf(vault: Vault, assetId: string) {
  const own = vaultAddress(vault)
  const extra = Array.from(
    { length: vault.extraAddresses },
    (_, index) => privateKeyToAccount(keccak256(toHex(`${vault.privateKey}:${index}`))).address,
  )
  return [own, ...extra].map((address, index) => ({
    assetId,
    address,
    description: index === 0 ? 'Permanent address' : '',
    tag: '',
    type: 'Permanent',
    addressFormat: 'BASE',
    legacyAddress: '',
    enterpriseAddress: '',
    bip44AddressIndex: index,
    userDefined: false,
  }))
}

/** Fireblocks' ECDSA signature of a 32-byte digest: r, s, v (0/1) and fullSig r ‖ s, all hex without 0x. */
function fireblocksEcdsa(privateKey: Hex, digest: Hex) {
  const signature = secp256k1.sign(
    Buffer.from(digest.slice(2), 'hex'),
    Buffer.from(privateKey.slice(2), 'hex'),
    {
      prehash: false,
      format: 'recovered',
    },
  )
  const bytes = Buffer.from(signature)
  const v = bytes[0]!
  const r = bytes.subarray(1, 33).toString('hex')
  const s = bytes.subarray(33, 65).toString('hex')
  return { r, s, v, fullSig: `${r}${s}` }
}

const personalDigest = (hexMessage: string): Hex => {
  const bytes = Buffer.from(hexMessage, 'hex')
  return keccak256(Buffer.concat([Buffer.from(`\x19Ethereum Signed Message:\n${bytes.length}`), bytes]))
}

/** What a completed transaction carries: its signatures, its hash, its amounts and fee. */
export function complete(transaction: LedgerTransaction, vault: Vault) {
  const { request } = transaction
  const publicKey = Buffer.from(
    secp256k1.getPublicKey(Buffer.from(vault.privateKey.slice(2), 'hex'), true),
  ).toString('hex')
  const raw = (
    request.extraParameters as { rawMessageData?: { messages: { content: unknown; type?: string }[] } }
  )?.rawMessageData
  if (transaction.operation === 'TYPED_MESSAGE' && raw) {
    transaction.signedMessages = raw.messages.map((message) => {
      const digest =
        message.type === 'EIP712'
          ? hashTypedData(message.content as Parameters<typeof hashTypedData>[0])
          : personalDigest(String(message.content))
      return {
        content: digest.slice(2),
        algorithm: 'MPC_ECDSA_SECP256K1',
        derivationPath: [44, 60, Number(vault.id), 0, 0],
        signature: fireblocksEcdsa(vault.privateKey, digest),
        publicKey,
      }
    })
    return
  }
  if (transaction.operation === 'RAW' && raw) {
    transaction.signedMessages = raw.messages.map((message) => ({
      content: String(message.content),
      algorithm: 'MPC_ECDSA_SECP256K1',
      derivationPath: [44, 60, Number(vault.id), 0, 0],
      signature: fireblocksEcdsa(vault.privateKey, `0x${String(message.content)}`),
      publicKey,
    }))
    return
  }
  const gasLimit = BigInt(String(request.gasLimit ?? '21000'))
  const gasPriceGwei = String(request.maxFee ?? request.gasPrice ?? '20')
  const fee = gasLimit * parseUnits(gasPriceGwei, 9)
  transaction.feeInfo = { networkFee: formatEther(fee), gasPrice: gasPriceGwei }
}

export function broadcastHash(transaction: LedgerTransaction) {
  transaction.txHash ??= `0x${createHash('sha256').update(transaction.id).update(randomBytes(8)).digest('hex')}`
}

function formatEther(wei: bigint): string {
  const whole = wei / 10n ** 18n
  const fraction = (wei % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole.toString()
}
