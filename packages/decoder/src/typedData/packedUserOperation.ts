import { decodeCall } from '../calldata/decodeCall'
import { packedUserOperationParts } from '../calldata/entryPoint'
import { userOperationResolution } from '../calldata/userOperationResolution'
import { parseCalldata, parseHexData } from '../request/values'
import type { TypedDataDecoded, TypedDataInput } from './permits'
import type { TypedDataTypes } from './safeTx'
import { addressOf, uintOf } from './typedDataValues'

/**
 * EntryPoint v0.8 hashes a user operation as EIP-712 typed data (eth-infinitism/account-abstraction v0.8.0):
 * `contracts/core/EntryPoint.sol` builds its domain with `EIP712(DOMAIN_NAME, DOMAIN_VERSION)`, DOMAIN_NAME
 * "ERC4337" and DOMAIN_VERSION "1" (so the domain is name, version, chainId and verifyingContract: the EntryPoint),
 * and `contracts/core/UserOperationLib.sol` PACKED_USEROP_TYPEHASH is
 * `PackedUserOperation(address sender,uint256 nonce,bytes initCode,bytes callData,bytes32 accountGasLimits,uint256 preVerificationGas,bytes32 gasFees,bytes paymasterAndData)`.
 * getUserOpHash is that typed data's hash, so an account may have its owner sign it with eth_signTypedData_v4.
 */
export const entryPointV08 = '0x4337084d9e255ff0702461cf8895ce9e3b5ff108'

const packedUserOperationFields = [
  ['sender', 'address'],
  ['nonce', 'uint256'],
  ['initCode', 'bytes'],
  ['callData', 'bytes'],
  ['accountGasLimits', 'bytes32'],
  ['preVerificationGas', 'uint256'],
  ['gasFees', 'bytes32'],
  ['paymasterAndData', 'bytes'],
] as const

const domainKeys = ['chainId', 'name', 'verifyingContract', 'version']
const m = '/params/1/message'

/**
 * A `PackedUserOperation` signed for EntryPoint v0.8: the user operation whose hash the signature authorizes, read
 * as eth_sendUserOperation and handleOps read one (its calls, paymaster and the EntryPoint's required prefund as
 * its maximum gas fee), on the domain's chain. Anything else (another name, version or EntryPoint, a domain with
 * a salt or without a chain, another shape of the type) is not a hash that EntryPoint computes, and stays plain
 * typed data.
 */
export function decodePackedUserOperation(
  input: TypedDataInput,
  types: TypedDataTypes,
): TypedDataDecoded | undefined {
  const fields = types.PackedUserOperation
  const canonical =
    fields?.length === packedUserOperationFields.length &&
    packedUserOperationFields.every(([name, type], i) => fields[i]?.name === name && fields[i]?.type === type)
  const { domain } = input
  const ownDomain =
    Object.keys(domain).sort().join() === domainKeys.join() &&
    domain.name === 'ERC4337' &&
    domain.version === '1' &&
    input.verifyingContract === entryPointV08 &&
    input.chainId > 0
  if (!canonical || !ownDomain) return undefined
  const message = input.message
  const parts = packedUserOperationParts(
    {
      sender: addressOf(message.sender, `${m}/sender`),
      nonce: uintOf(message.nonce, `${m}/nonce`),
      initCode: parseHexData(message.initCode, m, 'initCode'),
      callData: parseCalldata(message.callData, m, 'callData'),
      accountGasLimits: bytes32Of(message.accountGasLimits, 'accountGasLimits'),
      preVerificationGas: uintOf(message.preVerificationGas, `${m}/preVerificationGas`),
      gasFees: bytes32Of(message.gasFees, 'gasFees'),
      paymasterAndData: parseHexData(message.paymasterAndData, m, 'paymasterAndData'),
    },
    m,
  )
  const resolution = userOperationResolution(input.ctx, decodeCall, parts, entryPointV08, input.chainId, 0, m)
  return {
    intent: resolution.intent,
    display: resolution.display,
    resolutions: resolution.resolutions ?? [],
    error: resolution.decoding.error,
  }
}

/** The message was checked against its types (checkTypedDataValues): a bytes32 member is 32 bytes of hex. */
function bytes32Of(value: unknown, key: string): `0x${string}` {
  return parseHexData(value, m, key)
}
