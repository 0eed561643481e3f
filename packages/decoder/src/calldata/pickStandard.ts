import { maxUint256 } from '../caip'
import type { DecodeContext } from '../context'
import type { Call } from '../types'
import type { BuiltinFunction } from './defineFunction'

/**
 * ERC-20 and ERC-721 share the transferFrom and approve selectors. The token registry decides first (a known
 * ERC-20 token, or a known NFT collection); then the data's shape: an amount of 2^256-1 is an unlimited ERC-20
 * amount, never a real token id. Otherwise the call is ambiguous (undefined).
 */
export function pickStandard(
  candidates: readonly BuiltinFunction[],
  args: readonly unknown[],
  call: Call & { to: string },
  ctx: DecodeContext,
): BuiltinFunction | undefined {
  const erc20 = candidates.find((c) => c.standard === 'erc20')
  const erc721 = candidates.find((c) => c.standard === 'erc721')
  if (ctx.provider.token?.(call.chainId, call.to)) return erc20
  if (ctx.provider.nftCollectionName?.(call.chainId, call.to)) return erc721
  if (args[args.length - 1] === maxUint256) return erc20
  return undefined
}
