import { formatUnits } from 'viem'
import type { DecodeContext } from '../context'
import { checksum as cachedChecksum, chainInfo } from '../erc7730'
import type { DisplayField, InteractWith } from '../types'

/** EIP-55 form of a lowercase or mixed-case address (cached, as the ERC-7730 engine's: addresses recur). */
export function checksum(address: string): string {
  return cachedChecksum(address)
}

/** The organization's name for an address when it has one, else the EIP-55 address. */
export function addressLabel(ctx: DecodeContext, chainId: number, address: string): string {
  const lower = address.toLowerCase()
  return (
    ctx.provider.addressName?.(chainId, lower) ?? ctx.provider.ensName?.(chainId, lower) ?? checksum(address)
  )
}

export function addressField(
  ctx: DecodeContext,
  chainId: number,
  label: string,
  address: string,
): DisplayField {
  return {
    label,
    format: 'addressName',
    value: addressLabel(ctx, chainId, address),
    address: checksum(address),
    amount: null,
    contract: null,
    token: null,
  }
}

export interface TokenAmountOptions {
  /** At or above this amount the value reads `Unlimited <ticker>` (ERC-7730 threshold wording). */
  unlimitedAt?: bigint
}

export function tokenAmountField(
  ctx: DecodeContext,
  chainId: number,
  label: string,
  tokenAddress: string,
  amount: bigint,
  options: TokenAmountOptions = {},
): DisplayField {
  const token = ctx.provider.token?.(chainId, tokenAddress.toLowerCase())
  const address = checksum(tokenAddress)
  const ticker = token?.symbol ?? null
  let value: string
  if (options.unlimitedAt !== undefined && amount >= options.unlimitedAt) {
    value = `Unlimited ${ticker ?? address}`
  } else if (token) {
    value = `${formatUnits(amount, token.decimals)} ${ticker ?? address}`
  } else {
    value = `${amount} base units of ${address}`
  }
  return {
    label,
    format: 'tokenAmount',
    value,
    address,
    amount: amount.toString(),
    contract: null,
    token: { address, decimals: token?.decimals ?? null, name: token?.name ?? null, ticker },
  }
}

/** An amount of the chain's native currency as text ("1.5 ETH", "2 POL"); ETH where the chain is unknown. */
export function nativeAmountText(chainId: number, amount: bigint): string {
  const currency = chainInfo(chainId)?.nativeCurrency
  return `${formatUnits(amount, currency?.decimals ?? 18)} ${currency?.symbol ?? 'ETH'}`
}

/** The symbol of the chain's native currency; ETH where the chain is unknown. */
export function nativeSymbol(chainId: number): string {
  return chainInfo(chainId)?.nativeCurrency.symbol ?? 'ETH'
}

export function nativeAmountField(label: string, amount: bigint, chainId: number): DisplayField {
  return {
    label,
    format: 'amount',
    value: nativeAmountText(chainId, amount),
    address: null,
    amount: amount.toString(),
    contract: null,
    token: null,
  }
}

export function nftField(
  ctx: DecodeContext,
  chainId: number,
  label: string,
  collection: string,
  tokenId: bigint,
) {
  const name = ctx.provider.nftCollectionName?.(chainId, collection.toLowerCase())
  const field: DisplayField = {
    label,
    format: 'nftName',
    value: `${name ?? checksum(collection)} #${tokenId}`,
    address: checksum(collection),
    amount: null,
    contract: name ? { name } : null,
    token: null,
  }
  return field
}

export function rawField(label: string, value: string): DisplayField {
  return { label, format: 'raw', value, address: null, amount: null, contract: null, token: null }
}

const maxDateSeconds = 8_640_000_000_000n

/** `YYYY-MM-DD HH:MM:SSZ` in UTC; values beyond what a date can hold (e.g. max uint48) are shown raw. */
export function dateField(label: string, seconds: bigint): DisplayField {
  const value =
    seconds < maxDateSeconds
      ? `${new Date(Number(seconds) * 1000).toISOString().slice(0, 19).replace('T', ' ')}Z`
      : seconds.toString()
  return { label, format: 'date', value, address: null, amount: null, contract: null, token: null }
}

export function interactWith(
  ctx: DecodeContext,
  chainId: number,
  address: string | undefined,
  contractName?: string | null,
  protocolName?: string | null,
): InteractWith {
  const name =
    contractName ??
    (address ? (ctx.provider.addressName?.(chainId, address.toLowerCase()) ?? null) : null) ??
    null
  return {
    contractAddress: address ? checksum(address) : null,
    contractChainId: chainId,
    contractName: name,
    protocolId: null,
    protocolName: protocolName ?? null,
    protocolDescription: null,
    owner: protocolName ?? null,
    info: null,
  }
}

/** The token's ticker for intent sentences, or its address. */
export function tokenTicker(ctx: DecodeContext, chainId: number, tokenAddress: string): string {
  return ctx.provider.token?.(chainId, tokenAddress.toLowerCase())?.symbol ?? checksum(tokenAddress)
}
