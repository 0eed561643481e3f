/**
 * What the loopback Anchorage server holds when a test gives nothing else: two vaults of one organization, their
 * wallets (one per vault and network, as Anchorage makes them) with deposit addresses and balances, and trusted
 * destinations. Field names and shapes are those of Anchorage API v2's responses.
 */
export type FixtureWallet = {
  walletId: string
  walletName: string
  vaultId: string
  networkId: string
  isArchived: boolean
  isDefault: boolean
  depositAddress: { address: string; addressId: string }
  /** Earlier deposit addresses (UTXO networks rotate them), listed by the vault's addresses. */
  otherAddresses?: { address: string; addressId: string }[]
  /** Available balance per asset type, in the asset's units (Anchorage's `quantity`). */
  balances: Record<string, string>
}

export type FixtureVault = { vaultId: string; name: string; description: string; accountName: string }

export type FixtureTrustedDestination = {
  id: string
  address: string
  networkId: string
  assetType?: string
  memo?: string
}

export type AnchorageFixtures = {
  vaults: FixtureVault[]
  wallets: FixtureWallet[]
  trustedDestinations: FixtureTrustedDestination[]
}

export const defaultAnchorageFixtures = (): AnchorageFixtures => ({
  vaults: [
    {
      vaultId: '084ff57c0984420efac31723579c94fc',
      name: 'Treasury',
      description: '',
      accountName: 'Rampart Org',
    },
    {
      vaultId: '62547351cea99e827bcd43a513c40e7c',
      name: 'Operations',
      description: 'Ops',
      accountName: 'Rampart Org',
    },
  ],
  wallets: [
    {
      walletId: '7f81de30acbe98e3f6895eb12ab7d16f',
      walletName: 'Ethereum Wallet 1',
      vaultId: '084ff57c0984420efac31723579c94fc',
      networkId: 'ETH',
      isArchived: false,
      isDefault: true,
      depositAddress: {
        address: '0x27211c05145fdc3c916e3377db1a257364c5380b',
        addressId: 'e2a48a472cf729eb8874fc518a8e4cbd',
      },
      balances: { ETH: '12.5' },
    },
    {
      walletId: 'a569b247f3dfa59fbd4df08d4814132c',
      walletName: 'Bitcoin Wallet 1',
      vaultId: '084ff57c0984420efac31723579c94fc',
      networkId: 'BTC',
      isArchived: false,
      isDefault: true,
      depositAddress: {
        address: '3DbSPwCQF9kWqpCHWjHuTY8uBu9PqHStUr',
        addressId: '97f83a7fae3563895f50e2cbe4b9906c',
      },
      otherAddresses: [
        { address: '3Hy7Mb34EoXmdVQwdhAj1QZqD5kpH1voR8', addressId: '0ba932183dea75b8edef26c8fa806d04' },
        { address: '3FNGj14FtsLZxyUXhogb5gofi28Ft22Y22', addressId: '5b3d879c618ff14796b7b96351c862f2' },
      ],
      balances: { BTC: '0.5' },
    },
    {
      walletId: '234963c4c39cb528ac3b8fa9c9db5280',
      walletName: 'ZKsync Sepolia Testnet Wallet 1',
      vaultId: '084ff57c0984420efac31723579c94fc',
      networkId: 'ETH_ZKSYNC_T',
      isArchived: false,
      isDefault: true,
      depositAddress: {
        address: '0x81a1e40F018E411063768B04695Fd1a3c4CE11fD',
        addressId: '952837ceae2e623bc2ff0bb747887acf',
      },
      balances: {},
    },
    {
      walletId: 'daa5ead0f7f164d2de3c2fb83610f447',
      walletName: 'Ethereum Wallet 2 (archived)',
      vaultId: '084ff57c0984420efac31723579c94fc',
      networkId: 'ETH',
      isArchived: true,
      isDefault: false,
      depositAddress: {
        address: '0x6F28B85E1246ce5A4af89c5C94C0C661D6Cd031a',
        addressId: '4407a91a23f49ca8160af0708373c53a',
      },
      balances: {},
    },
    {
      walletId: 'ec9a04d05472e417ceb06e32c66834d1',
      walletName: 'Ethereum Holešky Wallet 1',
      vaultId: '62547351cea99e827bcd43a513c40e7c',
      networkId: 'ETHHOL',
      isArchived: false,
      isDefault: true,
      depositAddress: {
        address: '0x4BB7c65f821Ffcd1CAFEF3276E8eDa44474A08D3',
        addressId: '3d3b31a695fcbdf1c8a16c5df62c6516',
      },
      balances: { ETHHOL: '0.998998527910122' },
    },
    {
      walletId: 'c4e5e0936fc1bd3646c3b0af9b2e729b',
      walletName: 'Ethereum Wallet 3',
      vaultId: '62547351cea99e827bcd43a513c40e7c',
      networkId: 'ETH',
      isArchived: false,
      isDefault: true,
      depositAddress: {
        address: '0x9A0e4b4Bd6c1d0a0A5B4c3E0bEe0F7BE4C0F1E2d',
        addressId: 'f031997f52f848838b1f3b4eb1aa83fa',
      },
      balances: { ETH: '1' },
    },
  ],
  trustedDestinations: [
    {
      id: 'td-eth-any',
      address: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
      networkId: 'ETH',
      assetType: 'ETH',
    },
    {
      id: 'td-btc',
      address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
      networkId: 'BTC',
      assetType: 'BTC',
    },
    {
      id: 'td-xrp-memo',
      address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
      networkId: 'XRP',
      assetType: 'XRP',
      memo: '123456',
    },
  ],
})
