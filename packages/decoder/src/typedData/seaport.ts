import { erc20Asset, nativeAsset, nftAsset } from '../caip'
import {
  addressField,
  addressLabel,
  dateField,
  interactWith,
  nativeAmountField,
  nftField,
  rawField,
  tokenAmountField,
} from '../display/fields'
import { DecodingError } from '../errors/decodingError'
import { limits } from '../limits'
import type { DisplayField } from '../types'
import type { TypedDataDecoded, TypedDataInput } from './permits'
import { addressOf, arrayOf, recordOf, uintOf } from './typedDataValues'

interface Item {
  itemType: number
  token: `0x${string}`
  identifier: bigint
  startAmount: bigint
  endAmount: bigint
  recipient?: `0x${string}`
}

const m = '/params/1/message'

function item(value: unknown, path: string, withRecipient: boolean): Item {
  const r = recordOf(value, path)
  const itemType = Number(uintOf(r.itemType, `${path}/itemType`))
  if (itemType > 5)
    throw new DecodingError('invalidTypedData', `Seaport item type ${itemType} does not exist.`, {
      path: `${path}/itemType`,
    })
  return {
    itemType,
    token: addressOf(r.token, `${path}/token`),
    identifier: uintOf(r.identifierOrCriteria, `${path}/identifierOrCriteria`),
    startAmount: uintOf(r.startAmount, `${path}/startAmount`),
    endAmount: uintOf(r.endAmount, `${path}/endAmount`),
    ...(withRecipient ? { recipient: addressOf(r.recipient, `${path}/recipient`) } : {}),
  }
}

function assetOf(chainId: number, i: Item): string {
  switch (i.itemType) {
    case 0:
      return nativeAsset(chainId)
    case 1:
      return erc20Asset(chainId, i.token)
    case 2:
      return nftAsset(chainId, 'erc721', i.token, i.identifier)
    case 3:
      return nftAsset(chainId, 'erc1155', i.token, i.identifier)
    // Criteria-based items match any token id of the collection.
    case 4:
      return nftAsset(chainId, 'erc721', i.token)
    default:
      return nftAsset(chainId, 'erc1155', i.token)
  }
}

/**
 * Seaport OrderComponents: what the offerer gives (offer) and who receives what (consideration). An order
 * in which the offerer receives nothing back is flagged `zeroConsideration`: signing it gives the offer away.
 */
export function decodeSeaportOrder(input: TypedDataInput): TypedDataDecoded {
  const { message: msg, ctx, chainId } = input
  const offerer = addressOf(msg.offerer, `${m}/offerer`)
  const offerRaw = arrayOf(msg.offer, `${m}/offer`)
  const considerationRaw = arrayOf(msg.consideration, `${m}/consideration`)
  if (offerRaw.length + considerationRaw.length > limits.maxBatchItems) {
    throw new DecodingError(
      'sizeLimitExceeded',
      `A Seaport order holds more than ${limits.maxBatchItems} items.`,
      { path: m },
    )
  }
  const offer = offerRaw.map((v, i) => item(v, `${m}/offer/${i}`, false))
  const consideration = considerationRaw.map((v, i) => item(v, `${m}/consideration/${i}`, true))
  const intent = {
    type: 'seaportOrder' as const,
    chainId,
    from: input.signer ?? offerer,
    owner: offerer,
  } as TypedDataDecoded['intent']
  if (input.verifyingContract) intent.contract = input.verifyingContract
  intent.transfers = [
    ...offer.map((i) => ({
      token: assetOf(chainId, i),
      amount: bigMax(i.startAmount, i.endAmount).toString(),
      ...(i.itemType >= 2 && i.itemType <= 3 ? { tokenId: i.identifier.toString() } : {}),
      from: offerer,
    })),
    ...consideration.map((i) => ({
      token: assetOf(chainId, i),
      amount: bigMin(i.startAmount, i.endAmount).toString(),
      ...(i.itemType >= 2 && i.itemType <= 3 ? { tokenId: i.identifier.toString() } : {}),
      ...(i.recipient ? { to: i.recipient } : {}),
    })),
  ]
  intent.deadline = uintOf(msg.endTime, `${m}/endTime`).toString()
  intent.nonce = uintOf(msg.counter, `${m}/counter`).toString()
  const toOfferer = consideration.filter(
    (i) => i.recipient === offerer && (i.startAmount > 0n || i.endAmount > 0n),
  )
  if (toOfferer.length === 0) intent.flags = ['zeroConsideration']
  const describe = (label: string, i: Item): DisplayField => {
    const amount = i.startAmount
    if (i.itemType === 0) return nativeAmountField(label, amount, chainId)
    if (i.itemType === 1) return tokenAmountField(ctx, chainId, label, i.token, amount)
    const nft = nftField(ctx, chainId, label, i.token, i.identifier)
    if (i.itemType >= 4) nft.value = `Any token of ${addressLabel(ctx, chainId, i.token)}`
    if (i.itemType === 3 || i.itemType === 5) nft.value = `${amount} × ${nft.value}`
    return nft
  }
  const fields: DisplayField[] = [
    addressField(ctx, chainId, 'Offerer', offerer),
    ...offer.map((i, n) => describe(`Offer ${n + 1}`, i)),
    ...consideration.flatMap((i, n) => [
      describe(`Consideration ${n + 1}`, i),
      addressField(ctx, chainId, `Recipient ${n + 1}`, i.recipient!),
    ]),
    dateField('Start', uintOf(msg.startTime, `${m}/startTime`)),
    dateField('End', uintOf(msg.endTime, `${m}/endTime`)),
  ]
  if (intent.flags?.includes('zeroConsideration')) {
    fields.unshift(rawField('Warning', 'The offerer receives nothing in return for this order'))
  }
  const offerText = fields
    .filter((f) => f.label.startsWith('Offer '))
    .map((f) => f.value)
    .join(', ')
  const wanted = toOfferer.map((i) => describe('', i).value).join(', ')
  return {
    intent,
    display: {
      intent: 'Sign Seaport order',
      interpolatedIntent:
        toOfferer.length === 0 ? `Give away ${offerText} for nothing` : `Offer ${offerText} for ${wanted}`,
      interactWith: interactWith(ctx, chainId, input.verifyingContract, 'Seaport', 'OpenSea'),
      fields,
      requiredFields: fields.map((f) => f.label),
    },
  }
}

function bigMax(a: bigint, b: bigint): bigint {
  if (a >= b) return a
  return b
}
function bigMin(a: bigint, b: bigint): bigint {
  if (a <= b) return a
  return b
}
