import { nftAsset } from '../caip'
import { addressField, addressLabel, nftField, rawField } from '../display/fields'
import { decoderError } from '../errors/decodingError'
import type { Display, DisplayField } from '../types'
import { callIntent } from './callIntent'
import { contractCallDisplay, fromToFields } from './contractCallDisplay'
import { defineFunction, type Handler, type HandlerInput } from './defineFunction'

function nftDisplay(
  input: HandlerInput,
  intent: string,
  interpolated: string,
  fields: DisplayField[],
): Display {
  const collectionName = input.ctx.provider.nftCollectionName?.(input.call.chainId, input.call.to)
  return contractCallDisplay(input, collectionName, intent, interpolated, fields)
}

/**
 * safeTransferFrom / transferFrom of one token id: ERC-721 moves the token itself, ERC-1155 a quantity of it
 * (the fourth argument). Both start (from, to, id).
 */
function singleTransfer(standard: 'erc721' | 'erc1155'): Handler {
  return (input) => {
    const { args, call, ctx, fn } = input
    const from = (args[0] as string).toLowerCase()
    const to = (args[1] as string).toLowerCase()
    const tokenId = args[2] as bigint
    const amount = standard === 'erc721' ? 1n : (args[3] as bigint)
    const token = nftAsset(call.chainId, standard, call.to, tokenId)
    const intent = callIntent(standard === 'erc721' ? 'erc721Transfer' : 'erc1155Transfer', call, fn)
    const moved = { token, tokenId: tokenId.toString(), amount: amount.toString() }
    Object.assign(intent, { ...moved, owner: from, recipient: to })
    intent.transfers = [{ ...moved, from, to }]
    const nft = nftField(ctx, call.chainId, 'Token', call.to, tokenId)
    const recipient = addressLabel(ctx, call.chainId, to)
    const display =
      standard === 'erc721'
        ? nftDisplay(
            input,
            'Send NFT',
            `Send ${nft.value} from ${addressLabel(ctx, call.chainId, from)} to ${recipient}`,
            [nft, ...fromToFields(input, from, to)],
          )
        : nftDisplay(input, 'Send NFT', `Send ${amount} × ${nft.value} to ${recipient}`, [
            nft,
            rawField('Quantity', amount.toString()),
            ...fromToFields(input, from, to),
          ])
    return { intent, display }
  }
}

export const erc721TransferFrom = defineFunction(
  'function transferFrom(address from, address to, uint256 tokenId)',
  singleTransfer('erc721'),
  { standard: 'erc721', family: 'erc721' },
)
export const erc721SafeTransferFrom = defineFunction(
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  singleTransfer('erc721'),
  { family: 'erc721' },
)
export const erc721SafeTransferFromWithData = defineFunction(
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  singleTransfer('erc721'),
  { family: 'erc721' },
)

export const erc721Approve = defineFunction(
  'function approve(address to, uint256 tokenId)',
  (input) => {
    const { args, call, ctx, fn } = input
    const spender = (args[0] as string).toLowerCase()
    const tokenId = args[1] as bigint
    const intent = callIntent('erc721Approve', call, fn)
    Object.assign(intent, {
      token: nftAsset(call.chainId, 'erc721', call.to, tokenId),
      tokenId: tokenId.toString(),
      spender,
    })
    const nft = nftField(ctx, call.chainId, 'Token', call.to, tokenId)
    return {
      intent,
      display: nftDisplay(
        input,
        'Approve NFT',
        `Allow ${addressLabel(ctx, call.chainId, spender)} to transfer ${nft.value}`,
        [addressField(ctx, call.chainId, 'Spender', spender), nft],
      ),
    }
  },
  { standard: 'erc721', family: 'erc721' },
)

/**
 * setApprovalForAll has the same selector and meaning in ERC-721 and ERC-1155: the operator may move every
 * token the signer holds in the collection. It is reported as ERC-721 unless the data provider knows nothing
 * more; policies should treat both types alike.
 */
export const setApprovalForAll = defineFunction(
  'function setApprovalForAll(address operator, bool approved)',
  (input) => {
    const { args, call, ctx, fn } = input
    const operator = (args[0] as string).toLowerCase()
    const approved = args[1] as boolean
    const intent = callIntent('erc721SetApprovalForAll', call, fn)
    Object.assign(intent, { token: nftAsset(call.chainId, 'erc721', call.to), operator, approved })
    const collection =
      ctx.provider.nftCollectionName?.(call.chainId, call.to) ?? addressLabel(ctx, call.chainId, call.to)
    return {
      intent,
      display: nftDisplay(
        input,
        approved ? 'Approve all NFTs' : 'Revoke NFT operator',
        approved
          ? `Allow ${addressLabel(ctx, call.chainId, operator)} to transfer all your ${collection} tokens`
          : `Revoke ${addressLabel(ctx, call.chainId, operator)}'s access to your ${collection} tokens`,
        [
          addressField(ctx, call.chainId, 'Operator', operator),
          rawField('Approved', approved ? 'Yes' : 'No'),
        ],
      ),
    }
  },
  { family: 'erc721' },
)

export const erc1155SafeTransferFrom = defineFunction(
  'function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
  singleTransfer('erc1155'),
  { family: 'erc1155' },
)

export const erc1155SafeBatchTransferFrom = defineFunction(
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] amounts, bytes data)',
  (input) => {
    const { args, call, ctx, fn, path } = input
    const from = (args[0] as string).toLowerCase()
    const to = (args[1] as string).toLowerCase()
    const ids = args[2] as readonly bigint[]
    const amounts = args[3] as readonly bigint[]
    const intent = callIntent('erc1155BatchTransfer', call, fn)
    Object.assign(intent, { token: nftAsset(call.chainId, 'erc1155', call.to), owner: from, recipient: to })
    intent.transfers = ids.map((id, i) => ({
      token: nftAsset(call.chainId, 'erc1155', call.to, id),
      tokenId: id.toString(),
      amount: (amounts[i] ?? 0n).toString(),
      from,
      to,
    }))
    const items = ids.map((id, i) => ({
      ...nftField(ctx, call.chainId, `Token ${i + 1}`, call.to, id),
      value: `${amounts[i] ?? 0n} × ${nftField(ctx, call.chainId, '', call.to, id).value}`,
    }))
    return {
      intent,
      display: nftDisplay(
        input,
        'Send NFTs',
        `Send ${ids.length} token ids to ${addressLabel(ctx, call.chainId, to)}`,
        [...items, ...fromToFields(input, from, to)],
      ),
      ...(ids.length !== amounts.length
        ? {
            error: decoderError(
              'abiDecodingFailed',
              `safeBatchTransferFrom has ${ids.length} ids but ${amounts.length} amounts.`,
              path,
            ),
          }
        : {}),
    }
  },
  { family: 'erc1155' },
)
