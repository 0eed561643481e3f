import { nftAsset } from '../caip'
import type { DecodeContext } from '../context'
import { addressField, addressLabel, interactWith, nftField, rawField } from '../display/fields'
import { decoderError } from '../errors/decodingError'
import type { Display, DisplayField } from '../types'
import { callIntent } from './decodeCall'
import { defineFunction, type HandlerInput } from './defineFunction'

function nftDisplay(
  ctx: DecodeContext,
  chainId: number,
  collection: string,
  intent: string,
  interpolated: string,
  fields: DisplayField[],
): Display {
  return {
    intent,
    interpolatedIntent: interpolated,
    interactWith: interactWith(
      ctx,
      chainId,
      collection,
      ctx.provider.nftCollectionName?.(chainId, collection),
    ),
    fields,
    requiredFields: fields.map((f) => f.label),
  }
}

function erc721Transfer({ args, call, ctx, fn }: HandlerInput) {
  const from = (args[0] as string).toLowerCase()
  const to = (args[1] as string).toLowerCase()
  const tokenId = args[2] as bigint
  const intent = callIntent('erc721Transfer', call, fn)
  const token = nftAsset(call.chainId, 'erc721', call.to, tokenId)
  Object.assign(intent, { token, tokenId: tokenId.toString(), amount: '1', owner: from, recipient: to })
  intent.transfers = [{ token, amount: '1', tokenId: tokenId.toString(), from, to }]
  const nft = nftField(ctx, call.chainId, 'Token', call.to, tokenId)
  return {
    intent,
    display: nftDisplay(
      ctx,
      call.chainId,
      call.to,
      'Send NFT',
      `Send ${nft.value} from ${addressLabel(ctx, call.chainId, from)} to ${addressLabel(ctx, call.chainId, to)}`,
      [nft, addressField(ctx, call.chainId, 'From', from), addressField(ctx, call.chainId, 'To', to)],
    ),
  }
}

export const erc721TransferFrom = defineFunction(
  'function transferFrom(address from, address to, uint256 tokenId)',
  erc721Transfer,
  { standard: 'erc721', family: 'erc721' },
)
export const erc721SafeTransferFrom = defineFunction(
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  erc721Transfer,
  { family: 'erc721' },
)
export const erc721SafeTransferFromWithData = defineFunction(
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  erc721Transfer,
  { family: 'erc721' },
)

export const erc721Approve = defineFunction(
  'function approve(address to, uint256 tokenId)',
  ({ args, call, ctx, fn }) => {
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
        ctx,
        call.chainId,
        call.to,
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
  ({ args, call, ctx, fn }) => {
    const operator = (args[0] as string).toLowerCase()
    const approved = args[1] as boolean
    const intent = callIntent('erc721SetApprovalForAll', call, fn)
    Object.assign(intent, { token: nftAsset(call.chainId, 'erc721', call.to), operator, approved })
    const collection =
      ctx.provider.nftCollectionName?.(call.chainId, call.to) ?? addressLabel(ctx, call.chainId, call.to)
    return {
      intent,
      display: nftDisplay(
        ctx,
        call.chainId,
        call.to,
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
  ({ args, call, ctx, fn }) => {
    const from = (args[0] as string).toLowerCase()
    const to = (args[1] as string).toLowerCase()
    const id = args[2] as bigint
    const amount = args[3] as bigint
    const token = nftAsset(call.chainId, 'erc1155', call.to, id)
    const intent = callIntent('erc1155Transfer', call, fn)
    Object.assign(intent, {
      token,
      tokenId: id.toString(),
      amount: amount.toString(),
      owner: from,
      recipient: to,
    })
    intent.transfers = [{ token, tokenId: id.toString(), amount: amount.toString(), from, to }]
    const nft = nftField(ctx, call.chainId, 'Token', call.to, id)
    return {
      intent,
      display: nftDisplay(
        ctx,
        call.chainId,
        call.to,
        'Send NFT',
        `Send ${amount} × ${nft.value} to ${addressLabel(ctx, call.chainId, to)}`,
        [
          nft,
          rawField('Quantity', amount.toString()),
          addressField(ctx, call.chainId, 'From', from),
          addressField(ctx, call.chainId, 'To', to),
        ],
      ),
    }
  },
  { family: 'erc1155' },
)

export const erc1155SafeBatchTransferFrom = defineFunction(
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] amounts, bytes data)',
  ({ args, call, ctx, fn, path }) => {
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
        ctx,
        call.chainId,
        call.to,
        'Send NFTs',
        `Send ${ids.length} token ids to ${addressLabel(ctx, call.chainId, to)}`,
        [...items, addressField(ctx, call.chainId, 'From', from), addressField(ctx, call.chainId, 'To', to)],
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
