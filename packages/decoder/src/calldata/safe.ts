import { hexToBigInt, hexToNumber, size, sliceHex } from 'viem'
import { addressField, addressLabel, nativeAmountField, rawField } from '../display/fields'
import { DecodingError } from '../errors/decodingError'
import { limits } from '../limits'
import type { Call } from '../types'
import { addFlag, batchDecoded, type InnerCall, selfOf } from './batch'
import { defineFunction, type HandlerInput } from './defineFunction'

export const safeExecTransaction = defineFunction(
  'function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures)',
  (input) => {
    const [to, value, data, operation, , , gasPrice, gasToken, refundReceiver] = input.args as [
      string,
      bigint,
      `0x${string}`,
      number,
      bigint,
      bigint,
      bigint,
      string,
      string,
    ]
    const safe = selfOf(input.call)
    const inner: Call = {
      chainId: input.call.chainId,
      from: safe,
      to: to.toLowerCase() as `0x${string}`,
      data,
      value,
      operation: operation === 1 ? 'delegatecall' : 'call',
      ...(operation === 1 ? { executor: safe } : {}),
    }
    if (operation > 1) {
      throw new DecodingError(
        'abiDecodingFailed',
        `Safe operation ${operation} is neither CALL (0) nor DELEGATECALL (1).`,
        {
          path: `${input.path}/operation`,
        },
      )
    }
    return batchDecoded(input, {
      title: 'Execute Safe transaction',
      protocol: 'Safe',
      contractName: 'Safe',
      fields: [
        addressField(input.ctx, input.call.chainId, 'To', to),
        nativeAmountField('Value', value, input.call.chainId),
        rawField('Operation', operation === 1 ? 'DELEGATECALL' : 'CALL'),
        ...(gasPrice > 0n
          ? [refundField(input.ctx, input.call.chainId, gasPrice, gasToken, refundReceiver)]
          : []),
      ],
      inners: [{ call: inner, path: `${input.path}/data` }],
      configure: (intent) => {
        intent.operation = operation === 1 ? 'delegatecall' : 'call'
        // The owners' signatures make the Safe refund (gas used + baseGas) x gasPrice of gasToken to
        // refundReceiver (tx.origin when zero), an amount no intent bounds: flagged as for a SafeTx to sign.
        if (gasPrice > 0n) addFlag(intent, 'safeGasRefund')
      },
    })
  },
)

const zeroAddress = '0x0000000000000000000000000000000000000000'

function refundField(
  ctx: HandlerInput['ctx'],
  chainId: number,
  gasPrice: bigint,
  gasToken: string,
  refundReceiver: string,
) {
  const receiver = refundReceiver.toLowerCase()
  const token = gasToken.toLowerCase()
  const refundTo = receiver === zeroAddress ? 'the executor' : addressLabel(ctx, chainId, receiver)
  const currency = token === zeroAddress ? 'the native currency' : addressLabel(ctx, chainId, token)
  return rawField('Gas refund', `Paid by the Safe to ${refundTo} in ${currency}, at ${gasPrice} per gas`)
}

/**
 * MultiSend packs each transaction as operation (1 byte), to (20), value (32), data length (32), data.
 * This is not ABI encoding, so it is read field by field with bounds checks.
 */
export function unpackMultiSend(
  transactions: `0x${string}`,
  chainId: number,
  self: `0x${string}`,
  path: string,
): InnerCall[] {
  const total = size(transactions)
  const inners: InnerCall[] = []
  let offset = 0
  while (offset < total) {
    if (inners.length >= limits.maxBatchItems) {
      throw new DecodingError(
        'sizeLimitExceeded',
        `MultiSend holds more than ${limits.maxBatchItems} transactions.`,
        { path },
      )
    }
    if (offset + 85 > total) {
      throw new DecodingError(
        'truncatedCalldata',
        `MultiSend transaction ${inners.length + 1} is cut short.`,
        { path, context: { offset } },
      )
    }
    const operation = hexToNumber(sliceHex(transactions, offset, offset + 1))
    const to = sliceHex(transactions, offset + 1, offset + 21).toLowerCase() as `0x${string}`
    const value = hexToBigInt(sliceHex(transactions, offset + 21, offset + 53))
    const length = hexToBigInt(sliceHex(transactions, offset + 53, offset + 85))
    const start = offset + 85
    if (BigInt(start) + length > BigInt(total)) {
      throw new DecodingError(
        'truncatedCalldata',
        `MultiSend transaction ${inners.length + 1} declares ${length} data bytes past the end.`,
        { path, context: { offset } },
      )
    }
    if (operation > 1) {
      throw new DecodingError(
        'abiDecodingFailed',
        `MultiSend operation ${operation} is neither CALL (0) nor DELEGATECALL (1).`,
        { path, context: { offset } },
      )
    }
    const end = start + Number(length)
    const data = length === 0n ? '0x' : sliceHex(transactions, start, end)
    inners.push({
      call: {
        chainId,
        from: self,
        to,
        value,
        data,
        operation: operation === 1 ? 'delegatecall' : 'call',
        ...(operation === 1 ? { executor: self } : {}),
      },
      path: `${path}/${inners.length}`,
    })
    offset = end
  }
  return inners
}

export const multiSend = defineFunction('function multiSend(bytes transactions)', (input) => {
  const [transactions] = input.args as [`0x${string}`]
  const self = selfOf(input.call)
  const inners = unpackMultiSend(transactions, input.call.chainId, self, `${input.path}/transactions`)
  return batchDecoded(input, {
    title: `Batch of ${inners.length} transactions`,
    protocol: 'Safe',
    contractName: 'MultiSend',
    inners,
  })
})
