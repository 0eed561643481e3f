import { decodeCall } from '../calldata/decodeCall'
import { paymasterOf, userOperationResolution } from '../calldata/userOperationResolution'
import type { DecodeContext } from '../context'
import { DecodingError } from '../errors/decodingError'
import {
  isRecord,
  parseAddress,
  parseCalldata,
  parseHexData,
  parseOptionalAddress,
  parseQuantity,
} from '../request/values'
import type { Resolution } from '../types'
import { readRpcUserOperationGas } from './readRpcUserOperationGas'

/**
 * eth_sendUserOperation: `[userOperation, entryPoint]`. v0.6 operations carry initCode and paymasterAndData;
 * v0.7 operations carry factory/factoryData and paymaster/paymasterData. Both reduce to the same intent.
 */
export function decodeUserOperationRequest(params: unknown, ctx: DecodeContext, chainId: number): Resolution {
  if (!Array.isArray(params) || params.length < 1 || !isRecord(params[0])) {
    throw new DecodingError('invalidParams', 'eth_sendUserOperation takes [userOperation, entryPoint].', {
      path: '/params',
    })
  }
  const op = params[0]
  const path = '/params/0'
  if (op.sender === undefined || op.callData === undefined || op.nonce === undefined) {
    throw new DecodingError('invalidUserOperation', 'A user operation needs sender, nonce and callData.', {
      path,
    })
  }
  const entrypoint = parseOptionalAddress(params[1], '/params/1')
  const initCode = parseHexData(op.initCode, `${path}/initCode`)
  const factory = parseOptionalAddress(op.factory, `${path}/factory`)
  const paymasterAndData = parseHexData(op.paymasterAndData, path, 'paymasterAndData')
  const paymaster =
    parseOptionalAddress(op.paymaster, path, 'paymaster') ??
    paymasterOf(paymasterAndData, `${path}/paymasterAndData`)
  return userOperationResolution(
    ctx,
    decodeCall,
    {
      sender: parseAddress(op.sender, `${path}/sender`),
      nonce: parseQuantity(op.nonce, `${path}/nonce`),
      callData: parseCalldata(op.callData, path, 'callData'),
      deploysAccount: initCode.length > 2 || factory !== undefined,
      paymaster,
      gas: readRpcUserOperationGas(op, entrypoint, paymaster),
    },
    entrypoint,
    chainId,
    0,
    path,
  )
}
