// Small hand-written descriptors and data shared by this folder's tests (not registry copies).
import type { DataProvider } from './types'

export const VAULT = '0x1111111111111111111111111111111111111111'
export const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
export const ALICE = '0x2222222222222222222222222222222222222222'
export const ROUTER = '0x3333333333333333333333333333333333333333'
export const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

/** Interface shared through `includes`. */
export const vaultInterface = {
  metadata: {
    owner: 'Example Vaults',
    enums: { mode: { '1': 'stable', '2': 'variable' } },
    constants: { native: NATIVE, max: '0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff' },
  },
  display: {
    definitions: {
      sendAmount: { label: 'Amount', format: 'tokenAmount', params: { tokenPath: 'asset' } },
    },
    formats: {
      'deposit(address asset,uint256 amount,uint256 mode,address onBehalfOf)': {
        intent: 'Deposit',
        interpolatedIntent: 'Deposit {amount} for {onBehalfOf}',
        fields: [
          { path: 'amount', $ref: '$.display.definitions.sendAmount' },
          { path: 'mode', label: 'Rate', format: 'enum', params: { $ref: '$.metadata.enums.mode' } },
          { path: 'onBehalfOf', label: 'Beneficiary', format: 'addressName', params: { types: ['eoa'] } },
        ],
      },
    },
  },
}

export const vaultDescriptor = {
  $schema: '../../specs/erc7730-v2.schema.json',
  includes: './common-vault.json',
  context: { $id: 'Vault', contract: { deployments: [{ chainId: 1, address: VAULT }] } },
  metadata: {
    contractName: 'Example Vault',
    info: { url: 'https://vault.example' },
    token: { ticker: 'xV', name: 'Vault share', decimals: 6 },
    maps: { wrapped: { $keyType: 'chainId', values: { '1': USDC } } },
  },
  display: {
    formats: {
      'deposit(address asset,uint256 amount,uint256 mode,address onBehalfOf)': {
        fields: [
          {
            path: 'amount',
            params: { threshold: '$.metadata.constants.max', message: 'All' },
          },
        ],
      },
      'withdraw(uint256 shares,uint48 deadline,uint32 lockup,uint16 feeBps)': {
        intent: 'Withdraw',
        fields: [
          { path: 'shares', label: 'Shares', format: 'tokenAmount', params: { token: '@.to' } },
          { path: 'deadline', label: 'Deadline', format: 'date', params: { encoding: 'timestamp' } },
          { path: 'lockup', label: 'Lockup', format: 'duration' },
          { path: 'feeBps', label: 'Fee', format: 'unit', params: { base: '%', decimals: 2 } },
          { path: '@.value', label: 'Tip', format: 'amount' },
        ],
      },
      'sweep(uint256 amount)': {
        intent: 'Sweep',
        fields: [
          {
            path: 'amount',
            label: 'Amount',
            format: 'tokenAmount',
            params: { token: { map: '$.metadata.maps.wrapped', keyPath: '@.chainId' } },
          },
        ],
      },
      'swap(address[] tokens,uint256[] amounts,bytes path,uint256 chain,uint8 kind,bytes32 salt)': {
        intent: 'Swap',
        interpolatedIntent: 'Swap {amounts}',
        required: ['tokens'],
        excluded: ['salt'],
        fields: [
          {
            path: 'amounts.[]',
            label: 'Amount',
            format: 'tokenAmount',
            params: { tokenPath: 'tokens.[]', nativeCurrencyAddress: '$.metadata.constants.native' },
          },
          { path: 'path.[0:20]', label: 'First hop', format: 'addressName' },
          { path: 'path.[-20:]', label: 'Last hop', format: 'tokenTicker' },
          { path: 'chain', label: 'Destination', format: 'chainId' },
          { path: 'kind', label: 'Kind', format: 'raw', visible: { ifNotIn: ['0'] } },
          { path: 'salt', label: 'Salt', format: 'raw' },
          { path: 'tokens.[-1]', label: 'Last token', format: 'raw', visible: 'optional' },
        ],
      },
      'multicall(address target,bytes data)': {
        intent: 'Multicall',
        fields: [
          {
            path: 'data',
            label: 'Call',
            format: 'calldata',
            params: { calleePath: 'target', amountPath: '@.value' },
          },
        ],
      },
      'guarded(address to,uint256 flag)': {
        intent: 'Guarded',
        fields: [
          { path: 'to', label: 'To', format: 'raw' },
          { path: 'flag', label: 'Flag', format: 'raw', visible: { mustMatch: [0] } },
          { path: 'to', label: 'Hidden', format: 'raw', visible: 'never' },
        ],
      },
    },
  },
}

export const mailDescriptor = {
  context: {
    eip712: {
      domain: { name: 'Mail' },
      deployments: [{ chainId: 1, address: ROUTER }],
    },
  },
  metadata: { owner: 'Mailer' },
  display: {
    formats: {
      'Mail(Person from,Person[] to,string contents,uint256 sent)Person(string name,address wallet)': {
        intent: 'Send mail',
        interpolatedIntent: 'Mail {contents} from {from.wallet}',
        fields: [
          { path: 'from.wallet', label: 'From', format: 'addressName' },
          {
            path: 'to.[]',
            label: 'Recipient',
            fields: [
              { path: 'name', label: 'Name', format: 'raw' },
              { path: 'wallet', label: 'Wallet', format: 'addressName' },
            ],
          },
          { path: 'contents', label: 'Contents', format: 'raw' },
          { path: 'sent', label: 'Sent', format: 'date', params: { encoding: 'blockheight' } },
        ],
      },
    },
  },
}

export const mailTypes = {
  EIP712Domain: [
    { name: 'name', type: 'string' },
    { name: 'chainId', type: 'uint256' },
    { name: 'verifyingContract', type: 'address' },
  ],
  Mail: [
    { name: 'from', type: 'Person' },
    { name: 'to', type: 'Person[]' },
    { name: 'contents', type: 'string' },
    { name: 'sent', type: 'uint256' },
  ],
  Person: [
    { name: 'name', type: 'string' },
    { name: 'wallet', type: 'address' },
  ],
}

export const provider: DataProvider = {
  token: (_chainId, address) =>
    address === USDC ? { symbol: 'USDC', name: 'USD Coin', decimals: 6 } : undefined,
  addressName: (_chainId, address) => (address === ALICE ? 'Alice (treasury)' : undefined),
  ensName: (_chainId, address) => (address === ROUTER ? 'router.eth' : undefined),
  blockTimestamp: (_chainId, block) => (block === 19332140n ? 1709197235 : undefined),
}
