/** CAIP-19 ids of the assets an intent names. Addresses are expected lowercase. */
export function nativeAsset(chainId: number): string {
  return `eip155:${chainId}/slip44:60`
}

export function erc20Asset(chainId: number, address: string): string {
  return `eip155:${chainId}/erc20:${address}`
}

export function nftAsset(
  chainId: number,
  standard: 'erc721' | 'erc1155',
  address: string,
  tokenId?: bigint | string,
): string {
  const base = `eip155:${chainId}/${standard}:${address}`
  return tokenId === undefined ? base : `${base}/${tokenId}`
}

export const zeroAddress = '0x0000000000000000000000000000000000000000'
export const maxUint256 = 2n ** 256n - 1n
export const maxUint160 = 2n ** 160n - 1n
export const maxUint48 = 2n ** 48n - 1n
