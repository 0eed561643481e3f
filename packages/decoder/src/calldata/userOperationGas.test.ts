import { readFileSync } from 'node:fs'
import { decodeFunctionData, encodeFunctionData, parseAbi, toHex } from 'viem'
import { getUserOperationHash } from 'viem/account-abstraction'
import { describe, expect, it } from 'vitest'
import { decodeIntent } from '../decodeRequest'

const ENTRYPOINT_V06 = '0x5ff137d4b0fdcd49dca30c7cf57e578a026d2789'
const ENTRYPOINT_V07 = '0x0000000071727de22e5e9d8baf0edac6f37da032'
const op7Paymaster = '0x1b637a3008dc1f86d92031a97fc4b5ac0803329e'

const handleOpsAbi = parseAbi([
  'function handleOps((address sender, uint256 nonce, bytes initCode, bytes callData, uint256 callGasLimit, uint256 verificationGasLimit, uint256 preVerificationGas, uint256 maxFeePerGas, uint256 maxPriorityFeePerGas, bytes paymasterAndData, bytes signature)[] ops, address beneficiary)',
  'function handleOps((address sender, uint256 nonce, bytes initCode, bytes callData, bytes32 accountGasLimits, uint256 preVerificationGas, bytes32 gasFees, bytes paymasterAndData, bytes signature)[] ops, address beneficiary)',
])

const fixture = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../../../../fixtures/requests/${name}.json`, import.meta.url), 'utf8'),
  ) as {
    request: { method: string; params: [Record<string, unknown>, ...unknown[]] }
    chainId?: number
  }

/** The first operation a bundler's handleOps transaction (a fixture) carried. */
function bundled(name: string) {
  const { args } = decodeFunctionData({
    abi: handleOpsAbi,
    data: fixture(name).request.params[0].data as `0x${string}`,
  })
  return args[0][0]!
}

const send = (op: Record<string, unknown>, entrypoint: string, chainId = 1) =>
  decodeIntent({ method: 'eth_sendUserOperation', params: [op, entrypoint] }, { chainId })

describe('the gas of a user operation (the EntryPoint required prefund)', () => {
  it('v0.6 without a paymaster: (callGasLimit + verificationGasLimit + preVerificationGas) x maxFeePerGas', () => {
    // The operation of mainnet transaction 0xf9f60f6d… (block 18774992), sent to a bundler in the v0.6 RPC form.
    const op = bundled('entrypoint-handle-ops-v06') as {
      sender: `0x${string}`
      nonce: bigint
      initCode: `0x${string}`
      callData: `0x${string}`
      callGasLimit: bigint
      verificationGasLimit: bigint
      preVerificationGas: bigint
      maxFeePerGas: bigint
      maxPriorityFeePerGas: bigint
      paymasterAndData: `0x${string}`
      signature: `0x${string}`
    }
    // It is that operation: its hash is the one the EntryPoint emitted (UserOperationEvent).
    expect(
      getUserOperationHash({
        userOperation: op as never,
        entryPointAddress: ENTRYPOINT_V06,
        entryPointVersion: '0.6',
        chainId: 1,
      }),
    ).toBe('0x2d5f7a884e9a99cfe2445db2af140a8851fbd860852b668f2f199190f68adf87')
    const rpc = Object.fromEntries(
      Object.entries(op).map(([key, value]) => [key, typeof value === 'bigint' ? toHex(value) : value]),
    )
    const { intent, error } = send(rpc, ENTRYPOINT_V06)
    // Its account call (0x70641a22) is one Rampart does not read; the gas is read all the same.
    expect(error?.name).toBe('unknownSelector')
    // (92,599 + 87,149 + 49,900) gas = 229,648 gas, x 53,825,000,000 wei = 12,360,803,600,000,000 wei (0.0124 ETH).
    expect(intent.gas).toEqual({
      gasLimit: '229648',
      maxFeePerGas: '53825000000',
      maxPriorityFeePerGas: '500000000',
      maxFee: '12360803600000000',
    })
  })

  it('v0.6 with a paymaster: verificationGasLimit counts three times', () => {
    // Biconomy's verifying paymaster on Polygon Mumbai (userOpHash-checked fixture): callGasLimit 0x99a5 = 39,333,
    // verificationGasLimit 0x13ac6 = 80,582, preVerificationGas 0xb678 = 46,712, maxFeePerGas 1,500,000,034.
    // 39,333 + 3 x 80,582 + 46,712 = 327,791 gas; x 1,500,000,034 = 491,686,511,144,894 wei.
    const { request, chainId } = fixture('user-operation-v06-verifying-paymaster')
    const { intent } = decodeIntent(request, { chainId })
    expect(intent.gas).toMatchObject({ gasLimit: '327791', maxFee: '491686511144894' })
    // Without its paymaster, the account pays: 39,333 + 80,582 + 46,712 = 166,627 gas.
    const own = send({ ...request.params[0], paymasterAndData: '0x' }, ENTRYPOINT_V06, chainId)
    expect(own.intent.gas).toMatchObject({
      gasLimit: '166627',
      maxFee: (166_627n * 1_500_000_034n).toString(),
    })
  })

  it('v0.7 with a paymaster: the paymaster verification and postOp gas limits count', () => {
    // The Sepolia operation (userOpHash-checked fixture): callGasLimit 0x1e8480 = 2,000,000, verificationGasLimit
    // 0xf4240 = 1,000,000, preVerificationGas 0x7a120 = 500,000, paymasterVerificationGasLimit and
    // paymasterPostOpGasLimit 0x61a80 = 400,000 each: 4,300,000 gas at maxFeePerGas 1 wei = 4,300,000 wei.
    const { request, chainId } = fixture('user-operation-v07')
    const gas = { gasLimit: '4300000', maxFeePerGas: '1', maxPriorityFeePerGas: '1', maxFee: '4300000' }
    expect(decodeIntent(request, { chainId }).intent.gas).toEqual(gas)
    // The same operation bundled (Sepolia transaction 0xfce54378…): packed, it reads the same.
    const bundle = decodeIntent(fixture('entrypoint-handle-ops-v07').request, { chainId })
    expect(bundle.intent.intents?.[0]?.gas).toEqual(gas)
    // Bundled with a paymasterAndData that ends inside the paymaster's limits (the EntryPoint refuses it, AA93):
    // the limits are unknown, and so is the fee.
    const sent = fixture('entrypoint-handle-ops-v07').request
    const { args } = decodeFunctionData({ abi: handleOpsAbi, data: sent.params[0].data as `0x${string}` })
    const [ops, beneficiary] = args as unknown as [Record<string, unknown>[], `0x${string}`]
    const cut = { ...ops[0], paymasterAndData: (ops[0]!.paymasterAndData as string).slice(0, 2 + 2 * 40) }
    const data = encodeFunctionData({
      abi: [handleOpsAbi[1]],
      functionName: 'handleOps',
      args: [[cut as never], beneficiary],
    })
    const short = decodeIntent({ ...sent, params: [{ ...sent.params[0], data }] }, { chainId })
    expect(short.intent.intents?.[0]).toMatchObject({ type: 'userOperation', paymaster: op7Paymaster })
    expect(short.intent.intents?.[0]?.gas).toBeUndefined()
  })

  it('v0.7 on mainnet: a packed operation and its RPC form agree', () => {
    // The operation an EIP-7702 mainnet transaction bundled (EntryPoint v0.7, no paymaster): accountGasLimits
    // 0x…01a1a0|…c404 (verification 106,912, call 50,180), preVerificationGas 93,011, gasFees 0x…03211620|…0242ef2e95
    // (priority 52,500,000, max 9,712,905,877). 106,912 + 50,180 + 93,011 = 250,103 gas;
    // x 9,712,905,877 = 2,429,226,898,555,331 wei.
    const gas = {
      gasLimit: '250103',
      maxFeePerGas: '9712905877',
      maxPriorityFeePerGas: '52500000',
      maxFee: '2429226898555331',
    }
    const bundle = decodeIntent(fixture('entrypoint-handle-ops-7702-erc7579').request)
    expect(bundle.intent.intents?.[0]?.gas).toEqual(gas)
    const op = bundled('entrypoint-handle-ops-7702-erc7579') as {
      sender: string
      nonce: bigint
      callData: string
      signature: string
    }
    const rpc = {
      sender: op.sender,
      nonce: toHex(op.nonce),
      callData: op.callData,
      callGasLimit: toHex(50_180),
      verificationGasLimit: toHex(106_912),
      preVerificationGas: toHex(93_011),
      maxFeePerGas: toHex(9_712_905_877),
      maxPriorityFeePerGas: toHex(52_500_000),
      signature: op.signature,
    }
    expect(send(rpc, ENTRYPOINT_V07).intent.gas).toEqual(gas)
  })

  it('leaves the fee out when a gas field is missing or malformed, or the rule is unclear', () => {
    const { request, chainId } = fixture('user-operation-v07')
    const op = request.params[0]
    const feeOf = (changes: Record<string, unknown>, entrypoint = ENTRYPOINT_V07) =>
      send({ ...op, ...changes }, entrypoint, chainId).intent.gas
    const feesOnly = { maxFeePerGas: '1', maxPriorityFeePerGas: '1' }
    expect(feeOf({ callGasLimit: undefined })).toEqual(feesOnly)
    expect(feeOf({ preVerificationGas: 'lots' })).toEqual(feesOnly)
    expect(feeOf({ verificationGasLimit: -1 })).toEqual(feesOnly)
    // A paymaster without its own gas limits: the EntryPoint would read some, unknown here.
    expect(feeOf({ paymasterPostOpGasLimit: undefined })).toEqual(feesOnly)
    // v0.6 and v0.7 fields together, packed fields, or a v0.7 operation for the v0.6 EntryPoint.
    expect(feeOf({ paymasterAndData: `${op.paymaster}00` })).toEqual(feesOnly)
    expect(feeOf({ accountGasLimits: `0x${'00'.repeat(32)}` })).toEqual(feesOnly)
    expect(feeOf({}, ENTRYPOINT_V06)).toEqual(feesOnly)
    // No fee per gas: nothing to report.
    expect(feeOf({ maxFeePerGas: undefined, maxPriorityFeePerGas: undefined })).toBeUndefined()
  })
})
