import { readFileSync } from 'node:fs'
import {
  concat,
  encodeAbiParameters,
  hashTypedData,
  keccak256,
  parseAbiParameters,
  type TypedDataDefinition,
  toHex,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeIntent, decodeRequest } from '../decodeRequest'

interface TypedData {
  types: Record<string, { name: string; type: string }[]>
  primaryType: string
  domain: Record<string, unknown>
  message: Record<string, string>
}

const read = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../../fixtures/requests/${name}.json`, import.meta.url), 'utf8'))

// The mainnet EIP-7702 account's ERC-7579 transfer of 38 tokens (its handleOps operation), as EntryPoint v0.8
// typed data.
const fixture = read('user-operation-v08-typed-data') as {
  request: { method: string; params: [string, TypedData] }
  expected: { intent: unknown }
}
const [signer, typedData] = fixture.request.params
const entryPointV07 = '0x0000000071727de22e5e9d8baf0edac6f37da032'
const entryPointV08 = '0x4337084d9e255ff0702461cf8895ce9e3b5ff108'

// The fixtures' tokens and addresses: an approval of an unlisted token would not say which standard it is.
const entities = read('entities')
const sign = (data: TypedData) =>
  decodeIntent({ method: 'eth_signTypedData_v4', params: [signer, data] }, { entities }).intent
const withDomain = (domain: Record<string, unknown>, types = typedData.types): TypedData => ({
  ...typedData,
  types: {
    ...types,
    EIP712Domain: Object.keys(domain).map((name) => ({
      name,
      type: {
        name: 'string',
        version: 'string',
        chainId: 'uint256',
        verifyingContract: 'address',
        salt: 'bytes32',
      }[name]!,
    })),
  },
  domain,
})

/**
 * EntryPoint v0.8 getUserOpHash, written out from its source (eth-infinitism/account-abstraction v0.8.0):
 * MessageHashUtils.toTypedDataHash(_domainSeparatorV4(), UserOperationLib.hash(op, 0)), the domain separator being
 * OpenZeppelin EIP712's keccak256(abi.encode(TYPE_HASH, keccak256("ERC4337"), keccak256("1"), chainid, this)).
 */
function getUserOpHash(op: Record<string, string>, chainId: bigint, entryPoint: `0x${string}`) {
  const hash = (text: string) => keccak256(toHex(text))
  const domainSeparator = keccak256(
    encodeAbiParameters(parseAbiParameters('bytes32, bytes32, bytes32, uint256, address'), [
      hash('EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)'),
      hash('ERC4337'),
      hash('1'),
      chainId,
      entryPoint,
    ]),
  )
  const structHash = keccak256(
    encodeAbiParameters(
      parseAbiParameters('bytes32, address, uint256, bytes32, bytes32, bytes32, uint256, bytes32, bytes32'),
      [
        hash(
          'PackedUserOperation(address sender,uint256 nonce,bytes initCode,bytes callData,bytes32 accountGasLimits,uint256 preVerificationGas,bytes32 gasFees,bytes paymasterAndData)',
        ),
        op.sender as `0x${string}`,
        BigInt(op.nonce!),
        keccak256(op.initCode as `0x${string}`),
        keccak256(op.callData as `0x${string}`),
        op.accountGasLimits as `0x${string}`,
        BigInt(op.preVerificationGas!),
        op.gasFees as `0x${string}`,
        keccak256(op.paymasterAndData as `0x${string}`),
      ],
    ),
  )
  return keccak256(concat(['0x1901', domainSeparator, structHash]))
}

describe('a PackedUserOperation signed as EntryPoint v0.8 typed data', () => {
  it('is the typed data whose EIP-712 hash is the EntryPoint v0.8 getUserOpHash', () => {
    expect(hashTypedData(typedData as unknown as TypedDataDefinition)).toBe(
      getUserOpHash(typedData.message, 1n, entryPointV08),
    )
  })

  it('decodes as the user operation: its calls, its EntryPoint prefund, the domain chain', () => {
    const resolution = decodeRequest(fixture.request, { entities })
    expect(resolution.action).toBe('eth_signTypedData_v4')
    expect(resolution.decoding.error).toBeNull()
    const intent = resolution.intent
    expect(intent).toMatchObject({
      type: 'userOperation',
      chainId: 1,
      from: '0xe02cb371a3ad18a14b40a7ef2d5cf03cc0d2b08f',
      entrypoint: entryPointV08,
      intents: [
        {
          type: 'batch',
          functionName: 'execute',
          intents: [
            {
              type: 'erc20Transfer',
              contract: '0xd0ec028a3d21533fdd200838f39c85b03679285d',
              amount: '38000000000000000000',
              recipient: '0xd7bd3ba35431d1cf8ad71300794d8958e34dcf85',
            },
          ],
        },
      ],
    })
    // accountGasLimits: verificationGasLimit 0x1a1a0 = 106,912, callGasLimit 0xc404 = 50,180; preVerificationGas
    // 93,011; gasFees: maxPriorityFeePerGas 0x3211620 = 52,500,000, maxFeePerGas 0x242ef2e95 = 9,712,905,877.
    // No paymaster: (106,912 + 50,180 + 93,011) = 250,103 gas x 9,712,905,877 wei = 2,429,226,898,555,331 wei.
    expect(intent.gas).toEqual({
      gasLimit: '250103',
      maxFeePerGas: '9712905877',
      maxPriorityFeePerGas: '52500000',
      maxFee: '2429226898555331',
    })
    // The same operation bundled by handleOps (to EntryPoint v0.7) is the same user operation.
    const bundled = read('entrypoint-handle-ops-7702-erc7579').expected.intent.intents[0]
    const {
      entrypoint: _v08,
      intents: [execute],
      ...rest
    } = intent as unknown as { entrypoint: string; intents: Record<string, unknown>[] }
    const {
      entrypoint: _v07,
      intents: [bundledExecute],
      ...bundledRest
    } = bundled
    expect(rest).toEqual(bundledRest)
    expect({ ...execute, from: entryPointV07 }).toEqual(bundledExecute)
  })

  it('reads a factory and a paymaster as eth_sendUserOperation does (Sepolia, the v0.7 RPC fixture packed)', () => {
    const sent = read('user-operation-v07')
    const [op] = sent.request.params as [Record<string, string>]
    const pad16 = (quantity: string) => BigInt(quantity).toString(16).padStart(32, '0')
    const message = {
      sender: op.sender!,
      nonce: op.nonce!,
      initCode: concat([op.factory as `0x${string}`, op.factoryData as `0x${string}`]),
      callData: op.callData!,
      accountGasLimits: `0x${pad16(op.verificationGasLimit!)}${pad16(op.callGasLimit!)}`,
      preVerificationGas: op.preVerificationGas!,
      gasFees: `0x${pad16(op.maxPriorityFeePerGas!)}${pad16(op.maxFeePerGas!)}`,
      paymasterAndData: `${op.paymaster}${pad16(op.paymasterVerificationGasLimit!)}${pad16(op.paymasterPostOpGasLimit!)}${op.paymasterData!.slice(2)}`,
    }
    const packed = { ...withDomain({ ...typedData.domain, chainId: 11155111 }), message }
    const intent = sign(packed)
    // (verification 1,000,000 + call 2,000,000 + paymaster verification 400,000 + postOp 400,000 +
    // preVerificationGas 500,000) gas x 1 wei = 4,300,000 wei, as the RPC form gives.
    const expected = sent.expected.intent
    expect(intent).toEqual({
      ...expected,
      entrypoint: entryPointV08,
      intents: [{ ...expected.intents[0], from: entryPointV08 }],
    })
    expect(intent.gas?.maxFee).toBe('4300000')
  })

  it('is recognised whatever the case of the EntryPoint address', () => {
    const upper = withDomain({
      ...typedData.domain,
      verifyingContract: entryPointV08.toUpperCase().replace('0X', '0x'),
    })
    expect(sign(upper)).toEqual(fixture.expected.intent)
  })

  it('stays plain typed data on any other domain or type', () => {
    const fields = typedData.types.PackedUserOperation!
    const others: [string, TypedData][] = [
      ['another name', withDomain({ ...typedData.domain, name: 'Account Abstraction' })],
      ['another version', withDomain({ ...typedData.domain, version: '2' })],
      ['EntryPoint v0.7', withDomain({ ...typedData.domain, verifyingContract: entryPointV07 })],
      ['no chain', withDomain({ name: 'ERC4337', version: '1', verifyingContract: entryPointV08 })],
      ['a salt', withDomain({ ...typedData.domain, salt: `0x${'00'.repeat(31)}01` })],
      [
        'an extra field',
        {
          ...typedData,
          types: {
            ...typedData.types,
            PackedUserOperation: [...fields, { name: 'entryPoint', type: 'address' }],
          },
          message: { ...typedData.message, entryPoint: entryPointV08 },
        },
      ],
      [
        'a missing field',
        {
          ...typedData,
          types: {
            ...typedData.types,
            PackedUserOperation: fields.filter((f) => f.name !== 'paymasterAndData'),
          },
        },
      ],
      [
        'fields out of order',
        {
          ...typedData,
          types: { ...typedData.types, PackedUserOperation: [fields[1]!, fields[0]!, ...fields.slice(2)] },
        },
      ],
    ]
    for (const [name, data] of others) {
      const intent = sign(data)
      expect(intent.type, name).toBe('signTypedData')
      expect(intent.decoderError, name).toBeUndefined()
    }
  })
})
