import { type AbiFunction, encodeFunctionData, parseAbiItem, toFunctionSelector } from 'viem'
import { describe, expect, it } from 'vitest'
import { compileStaticDecoder } from '../abi/compileStaticDecoder'
import {
  createDescriptorRegistry,
  type DecodedCallFormatter,
  formatDecodedCall,
} from './createDescriptorRegistry'
import {
  ALICE,
  mailDescriptor,
  mailTypes,
  NATIVE,
  provider,
  ROUTER,
  USDC,
  VAULT,
  vaultDescriptor,
  vaultInterface,
} from './testDescriptors'
import type { ClearSignDisplay } from './types'

const registry = createDescriptorRegistry([
  { source: 'example/calldata-vault.json', json: vaultDescriptor },
  { source: 'example/common-vault.json', json: vaultInterface },
  { source: 'example/eip712-mail.json', json: mailDescriptor },
])

function call(signature: string, args: unknown[]): `0x${string}` {
  const abi = [parseAbiItem(`function ${signature}`) as AbiFunction]
  return encodeFunctionData({ abi, functionName: abi[0]!.name, args })
}

const shown = (display: ClearSignDisplay | undefined) =>
  display?.fields.map((field) => [
    field.label,
    typeof field.value === 'string' ? field.value : field.value.intent,
  ])

describe('createDescriptorRegistry', () => {
  it('compiles every format once and reports no issue for valid descriptors', () => {
    expect(registry.issues).toEqual([])
    expect(registry.size).toBe(7)
  })

  it('formats calldata through includes, definitions, enums and the address book', () => {
    const data = call('deposit(address asset,uint256 amount,uint256 mode,address onBehalfOf)', [
      USDC,
      1_870_000n,
      2n,
      ALICE,
    ])
    const display = registry.formatCalldata({ chainId: 1, to: VAULT, data }, provider)
    expect(display?.intent).toBe('Deposit')
    expect(display?.interpolatedIntent).toBe('Deposit 1.87 USDC for Alice (treasury)')
    expect(shown(display)).toEqual([
      ['Amount', '1.87 USDC'],
      ['Rate', 'variable'],
      ['Beneficiary', 'Alice (treasury)'],
    ])
    expect(display?.fields[0]).toMatchObject({
      format: 'tokenAmount',
      amount: '1870000',
      token: { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6, ticker: 'USDC' },
    })
    expect(display?.fields[2]).toMatchObject({ address: '0x2222222222222222222222222222222222222222' })
    expect(display?.interactWith).toEqual({
      contractAddress: '0x1111111111111111111111111111111111111111',
      contractChainId: 1,
      contractName: 'Example Vault',
      protocolId: 'Vault',
      protocolName: 'Example Vaults',
      protocolDescription: null,
      owner: 'Example Vaults',
      info: { url: 'https://vault.example' },
    })
    expect(display?.error).toBeNull()
  })

  it('words amounts above the threshold with the descriptor message', () => {
    const data = call('deposit(address asset,uint256 amount,uint256 mode,address onBehalfOf)', [
      USDC,
      2n ** 256n - 1n,
      1n,
      ROUTER,
    ])
    const display = registry.formatCalldata({ chainId: 1, to: VAULT, data }, provider)
    expect(shown(display)).toEqual([
      ['Amount', 'All USDC'],
      ['Rate', 'stable'],
      ['Beneficiary', 'router.eth'],
    ])
  })

  it('renders metadata token, dates, durations, units and native amounts', () => {
    const data = call('withdraw(uint256 shares,uint48 deadline,uint32 lockup,uint16 feeBps)', [
      12_500_000n,
      1709191632n,
      8250n,
      30n,
    ])
    const display = registry.formatCalldata({ chainId: 1, to: VAULT, data, value: 1_870_000_000_000_000n })
    expect(shown(display)).toEqual([
      ['Shares', '12.5 xV'],
      ['Deadline', '2024-02-29 07:27:12Z'],
      ['Lockup', '02:17:30'],
      ['Fee', '0.3%'],
      ['Tip', '0.00187 ETH'],
    ])
  })

  it('warns, and shows base units, when the token is unknown', () => {
    const display = registry.formatCalldata({
      chainId: 1,
      to: VAULT,
      data: call('sweep(uint256 amount)', [5n]),
    })
    expect(display?.fields[0]).toMatchObject({
      value: '5',
      amount: '5',
      warning: { code: 'ERC7730_UNKNOWN_TOKEN' },
      token: { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', ticker: null },
    })
    expect(display?.error).toBeNull()
  })

  it('resolves map references keyed by container values', () => {
    const display = registry.formatCalldata(
      { chainId: 1, to: VAULT, data: call('sweep(uint256 amount)', [5_000_000n]) },
      provider,
    )
    expect(shown(display)).toEqual([['Amount', '5 USDC']])
  })

  it('expands arrays, applies slices, visibility rules and legacy excluded', () => {
    const path = `0x${ALICE.slice(2)}000bb8${USDC.slice(2)}` as const
    const data = call(
      'swap(address[] tokens,uint256[] amounts,bytes path,uint256 chain,uint8 kind,bytes32 salt)',
      [[USDC, NATIVE], [1_000_000n, 10n ** 18n], path, 1n, 0, `0x${'ab'.repeat(32)}`],
    )
    const display = registry.formatCalldata({ chainId: 1, to: VAULT, data }, provider)
    expect(shown(display)).toEqual([
      ['Amount', '1 USDC'],
      ['Amount', '1 ETH'],
      ['First hop', 'Alice (treasury)'],
      ['Last hop', 'USDC'],
      ['Destination', 'Ethereum'],
      ['Last token', '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'],
    ])
    expect(display?.interpolatedIntent).toBe('Swap 1 USDC and 1 ETH')
    expect(display?.fields[1]?.path).toBe('#.amounts.[1]')
    expect(display?.requiredFields).toEqual(['tokens', 'amounts.[]', 'path.[0:20]', 'path.[-20:]', 'chain'])
  })

  it('nests embedded calldata recursively, and stops at the depth bound', () => {
    const inner = call('sweep(uint256 amount)', [5_000_000n])
    const outer = call('multicall(address target,bytes data)', [VAULT, inner])
    const display = registry.formatCalldata({ chainId: 1, to: VAULT, data: outer }, provider)
    const nested = display?.fields[0]?.value as ClearSignDisplay
    expect(nested.intent).toBe('Sweep')
    expect(shown(nested)).toEqual([['Amount', '5 USDC']])

    let data = inner
    for (let i = 0; i < 6; i++) data = call('multicall(address target,bytes data)', [VAULT, data])
    const deep = registry.formatCalldata({ chainId: 1, to: VAULT, data }, provider)
    let level = deep
    let depth = 0
    while (level && typeof level.fields[0]?.value !== 'string') {
      level = level.fields[0]?.value as ClearSignDisplay
      depth++
    }
    expect(depth).toBe(4)
    expect(level?.error?.code).toBe('ERC7730_DEPTH_EXCEEDED')
    expect(deep?.error?.code).toBe('ERC7730_DEPTH_EXCEEDED')
  })

  it('hides mustMatch fields that match, and reports the ones that do not', () => {
    const ok = registry.formatCalldata({
      chainId: 1,
      to: VAULT,
      data: call('guarded(address to,uint256 flag)', [ALICE, 0n]),
    })
    expect(shown(ok)).toEqual([['To', '0x2222222222222222222222222222222222222222']])
    expect(ok?.error).toBeNull()
    const bad = registry.formatCalldata({
      chainId: 1,
      to: VAULT,
      data: call('guarded(address to,uint256 flag)', [ALICE, 7n]),
    })
    expect(shown(bad)).toEqual([
      ['To', '0x2222222222222222222222222222222222222222'],
      ['Flag', '7'],
    ])
    expect(bad?.error?.code).toBe('ERC7730_FORMAT_FAILED')
  })

  it('returns undefined when no descriptor matches the chain, address or selector', () => {
    const data = call('sweep(uint256 amount)', [1n])
    expect(registry.formatCalldata({ chainId: 10, to: VAULT, data })).toBeUndefined()
    expect(registry.formatCalldata({ chainId: 1, to: ROUTER, data })).toBeUndefined()
    expect(registry.formatCalldata({ chainId: 1, to: VAULT, data: '0xdeadbeef' })).toBeUndefined()
  })

  it('reports calldata that does not decode instead of throwing', () => {
    const data = call('sweep(uint256 amount)', [1n]).slice(0, 20)
    const display = registry.formatCalldata({ chainId: 1, to: VAULT, data })
    expect(display?.error?.code).toBe('ERC7730_INVALID_CALLDATA')
    expect(display?.fields).toEqual([])
  })

  it('never throws on garbage input', () => {
    for (const input of [null, undefined, 42, 'x', {}, { chainId: 'x', to: 5, data: [] }]) {
      expect(registry.formatCalldata(input as never)).toBeUndefined()
      expect(registry.formatTypedData(input as never)).toBeUndefined()
    }
  })

  it('formats EIP-712 messages matched by domain and encodeType, with array groups', () => {
    const typedData = {
      types: mailTypes,
      primaryType: 'Mail',
      domain: { name: 'Mail', chainId: 1, verifyingContract: ROUTER },
      message: {
        from: { name: 'Cow', wallet: ALICE },
        to: [
          { name: 'Bob', wallet: '0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb' },
          { name: 'Eve', wallet: ROUTER },
        ],
        contents: 'Hello',
        sent: '19332140',
      },
    }
    const display = registry.formatTypedData(typedData, provider)
    expect(display?.interpolatedIntent).toBe('Mail Hello from Alice (treasury)')
    expect(shown(display)).toEqual([
      ['From', 'Alice (treasury)'],
      ['Name', 'Bob'],
      ['Wallet', '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB'],
      ['Name', 'Eve'],
      ['Wallet', 'router.eth'],
      ['Contents', 'Hello'],
      ['Sent', '2024-02-29 09:00:35Z'],
    ])
    expect(display?.interactWith.owner).toBe('Mailer')
    // The domain constraint (`name: Mail`) must hold.
    expect(
      registry.formatTypedData({ ...typedData, domain: { ...typedData.domain, name: 'Other' } }),
    ).toBeUndefined()
  })

  it('shows ERC-7930 interoperable addresses with their chain and checksum', () => {
    const bridge = {
      context: { contract: { deployments: [{ chainId: 1, address: ROUTER }] } },
      display: {
        formats: {
          'bridge(bytes recipient)': {
            intent: 'Bridge',
            fields: [{ path: 'recipient', label: 'Recipient', format: 'interoperableAddressName' }],
          },
        },
      },
    }
    const data = call('bridge(bytes recipient)', ['0x00010000010114D8DA6BF26964AF9D7EED9E03E53415D37AA96045'])
    const display = createDescriptorRegistry([{ source: 'bridge.json', json: bridge }]).formatCalldata({
      chainId: 1,
      to: ROUTER,
      data,
    })
    expect(display?.fields[0]?.value).toBe('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045@eip155:1#4CA88C9C')
  })

  it('bounds the number of fields a request can produce', () => {
    const wide = {
      context: { eip712: { deployments: [{ chainId: 1, address: ROUTER }] } },
      display: {
        formats: {
          'Batch(uint256[] ids)': {
            intent: 'Batch',
            fields: ['A', 'B', 'C'].map((label) => ({ path: 'ids.[]', label, format: 'raw' })),
          },
        },
      },
    }
    const display = createDescriptorRegistry([{ source: 'wide.json', json: wide }]).formatTypedData({
      types: { Batch: [{ name: 'ids', type: 'uint256[]' }] },
      primaryType: 'Batch',
      domain: { chainId: 1, verifyingContract: ROUTER },
      message: { ids: Array.from({ length: 1500 }, (_, i) => i) },
    })
    expect(display?.fields).toHaveLength(2048)
    expect(display?.error?.code).toBe('ERC7730_SIZE_LIMIT')
  })

  it('lets an earlier descriptor win and consults a fallback registry for the rest', () => {
    const override = {
      context: { contract: { deployments: [{ chainId: 1, address: VAULT }] } },
      metadata: { owner: 'Our desk' },
      display: { formats: { 'sweep(uint256 amount)': { intent: 'Sweep (reviewed)', fields: [] } } },
    }
    const layered = createDescriptorRegistry([{ source: 'ours.json', json: override }], {
      fallback: registry,
    })
    const sweep = layered.formatCalldata({ chainId: 1, to: VAULT, data: call('sweep(uint256 amount)', [1n]) })
    expect(sweep?.intent).toBe('Sweep (reviewed)')
    const inner = call('sweep(uint256 amount)', [1n])
    const multicall = layered.formatCalldata({
      chainId: 1,
      to: VAULT,
      data: call('multicall(address target,bytes data)', [VAULT, inner]),
    })
    expect(multicall?.intent).toBe('Multicall')
  })

  it('applies unbound interfaces to any contract, after every bound descriptor, fallback included', () => {
    const erc20 = {
      context: { contract: {} },
      metadata: { owner: 'ERC-20 token' },
      display: {
        formats: {
          'sweep(uint256 amount)': {
            intent: 'Generic sweep',
            fields: [
              { path: 'amount', label: 'Amount', format: 'tokenAmount', params: { tokenPath: '@.to' } },
            ],
          },
        },
      },
    }
    const generic = createDescriptorRegistry([{ source: 'erc20.json', json: erc20 }], {
      fallback: registry,
      matchUnbound: true,
    })
    const data = call('sweep(uint256 amount)', [1_000_000n])
    expect(generic.formatCalldata({ chainId: 5, to: USDC, data }, provider)?.fields[0]?.value).toBe('1 USDC')
    expect(generic.formatCalldata({ chainId: 1, to: VAULT, data })?.intent).toBe('Sweep')
    const strict = createDescriptorRegistry([{ source: 'erc20.json', json: erc20 }])
    expect(strict.formatCalldata({ chainId: 5, to: USDC, data })).toBeUndefined()
  })

  it('uses arguments the decoder read only for a format with the same input types (selectors collide)', () => {
    // approve(address,uint256) and sign_szabo_bytecode(bytes16,uint128) share the selector 0x095ea7b3.
    const signature = 'sign_szabo_bytecode(bytes16 code, uint128 amount)'
    const approve = parseAbiItem('function approve(address spender, uint256 amount)') as AbiFunction
    expect(toFunctionSelector(`function ${signature}`)).toBe(toFunctionSelector(approve))
    const colliding = createDescriptorRegistry([
      {
        source: 'example/calldata-collision.json',
        json: {
          context: { contract: { deployments: [{ chainId: 1, address: VAULT }] } },
          metadata: { owner: 'Example' },
          display: {
            formats: {
              [signature]: {
                intent: 'Sign',
                fields: [
                  { path: 'code', label: 'Code', format: 'raw' },
                  { path: 'amount', label: 'Amount', format: 'raw' },
                ],
              },
            },
          },
        },
      },
    ])
    const data = encodeFunctionData({ abi: [approve], args: [ROUTER, 5n] })
    const expected = colliding.formatCalldata({ chainId: 1, to: VAULT, data, value: 0n })
    expect(shown(expected)).toEqual([
      ['Code', `0x${'00'.repeat(12)}${ROUTER.slice(2, 10)}`],
      ['Amount', '5'],
    ])
    // A built-in approve read its arguments as (address, uint256): the format must not take them as its own.
    const args = compileStaticDecoder(approve.inputs)!(data)
    const format = (colliding as unknown as { [formatDecodedCall]: DecodedCallFormatter })[formatDecodedCall]
    const call = { chainId: 1, to: VAULT, from: undefined, value: 0n, data, args, inputs: approve.inputs }
    expect(format(call)).toEqual(expected)
  })

  it('reports invalid descriptors and missing includes as issues', () => {
    const broken = createDescriptorRegistry([
      { source: 'a.json', json: 'not an object' },
      { source: 'b.json', json: { includes: 'missing.json', context: {}, display: { formats: {} } } },
      {
        source: 'c.json',
        json: {
          context: { contract: { deployments: [{ chainId: 1, address: VAULT }] } },
          display: {
            formats: {
              'not a signature': { intent: 'x', fields: [] },
              'f(uint256 a)': { intent: 'f', fields: [{ path: 'a.[', label: 'A' }] },
            },
          },
        },
      },
    ])
    expect(broken.issues.map((issue) => [issue.source, issue.code, issue.path])).toEqual([
      ['a.json', 'ERC7730_INVALID_DESCRIPTOR', ''],
      ['b.json', 'ERC7730_INCLUDE_NOT_FOUND', '/includes'],
      ['c.json', 'ERC7730_INVALID_DESCRIPTOR', '/display/formats/not a signature'],
      ['c.json', 'ERC7730_INVALID_PATH', '/display/formats/f(uint256 a)/fields/0/path'],
    ])
    expect(broken.size).toBe(1)
  })

  it('looks a map key read from the request up among the own keys of the map only', () => {
    // A request value named like a property every object inherits must not find that property before the
    // map's own key of another case.
    const labels = {
      context: { eip712: { deployments: [{ chainId: 1, address: ROUTER }] } },
      metadata: { maps: { tokens: { values: { Constructor: USDC, ToString: USDC } } } },
      display: {
        formats: {
          'Order(string kind,uint256 amount)': {
            intent: 'Order',
            fields: [
              {
                path: 'amount',
                label: 'Amount',
                format: 'tokenAmount',
                params: { token: { map: '$.metadata.maps.tokens', keyPath: 'kind' } },
              },
            ],
          },
        },
      },
    }
    const local = createDescriptorRegistry([{ source: 'labels.json', json: labels }])
    for (const kind of ['constructor', 'toString']) {
      const display = local.formatTypedData(
        {
          types: {
            Order: [
              { name: 'kind', type: 'string' },
              { name: 'amount', type: 'uint256' },
            ],
          },
          primaryType: 'Order',
          domain: { chainId: 1, verifyingContract: ROUTER },
          message: { kind, amount: '1500000' },
        },
        provider,
      )
      expect(shown(display), kind).toEqual([['Amount', '1.5 USDC']])
    }
  })
})
