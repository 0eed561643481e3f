import { decodeCall } from './calldata/decodeCall'
import type { DecodeContext } from './context'
import { createEntitiesDataProvider } from './dataProvider/createEntitiesDataProvider'
import { type RampartDescriptors, rampartDescriptors } from './descriptors/rampartDescriptors'
import type { DataProvider, DescriptorRegistry } from './erc7730'
import { DecodingError, toDecoderError } from './errors/decodingError'
import { decodePersonalSign } from './message/decodePersonalSign'
import { parseTransactionRequest } from './request/parseTransactionRequest'
import { isRecord } from './request/values'
import { createResolution, errorDisplay } from './resolution/createResolution'
import { decodeTypedDataRequest } from './typedData/decodeTypedData'
import type { Action, DecodeOptions, DecoderError, Intent, Resolution } from './types'
import { decodeUserOperationRequest } from './userOperation/decodeUserOperationRequest'

const actions = new Set<string>([
  'eth_sendTransaction',
  'eth_signTransaction',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendUserOperation',
])
const dataPath = '/params/0/data'
const inputPath = '/params/0/input'
const emptyProvider: DataProvider = {}
const noRegistries: readonly DescriptorRegistry[] = []
const providers = new WeakMap<object, DataProvider>()

/**
 * Decodes a JSON-RPC signing request into a resolution: the intent policies decide on, the ERC-7730 display a
 * person reads, the ABI decoding, and nested resolutions for embedded calls. Never throws on input: every
 * failure is `decoding.error` (and `intent.decoderError`), with a stable code.
 */
export function decodeRequest(request: unknown, options: DecodeOptions = {}): Resolution {
  return decodeResolution(request, options, true)
}

/**
 * The intent alone, for policy decisions: the same decoding as decodeRequest, but display data that is only
 * presentation is never built. `error` is the decoder error, if any (the intent then carries decoderError).
 */
export function decodeIntent(
  request: unknown,
  options: DecodeOptions = {},
): { action: Resolution['action']; intent: Intent; error: DecoderError | null } {
  const { action, intent, decoding } = decodeResolution(request, options, false)
  return { action, intent, error: decoding.error }
}

/** Both of the above; `rampart` is the set of Rampart's own descriptors (tests pass a reference set). */
export function decodeResolution(
  request: unknown,
  options: DecodeOptions,
  display: boolean,
  rampart: RampartDescriptors = rampartDescriptors(),
): Resolution {
  const method = isRecord(request) && typeof request.method === 'string' ? request.method : undefined
  const action = (method !== undefined && actions.has(method) ? method : 'unknown') as Action
  const ctx: DecodeContext = {
    action,
    provider: providerOf(options),
    registries: options.descriptors ? [options.descriptors] : noRegistries,
    rampart,
    display,
  }
  const defaultChainId = options.chainId ?? 1
  try {
    if (!isRecord(request) || method === undefined) {
      throw new DecodingError('invalidRequest', 'A request is an object with a string method and params.', {
        path: '',
      })
    }
    if (action === 'unknown') {
      throw new DecodingError(
        'unsupportedMethod',
        `Method ${JSON.stringify(method.slice(0, 64))} is not decoded.`,
        {
          path: '/method',
          context: { supported: [...actions] },
        },
      )
    }
    const params = request.params
    switch (action) {
      case 'eth_sendTransaction':
      case 'eth_signTransaction': {
        if (!Array.isArray(params) || params.length < 1) {
          throw new DecodingError('invalidParams', `${action} takes [transaction].`, { path: '/params' })
        }
        const tx = parseTransactionRequest(params[0], defaultChainId, '/params/0')
        const resolution = decodeCall(tx.call, ctx, 0, tx.dataKey === 'data' ? dataPath : inputPath)
        if (tx.gas) resolution.intent.gas = tx.gas
        if (tx.nonce !== undefined && resolution.intent.nonce === undefined)
          resolution.intent.nonce = tx.nonce.toString()
        return resolution
      }
      case 'personal_sign':
        return decodePersonalSign(params, ctx, options.chainId ?? 0)
      case 'eth_signTypedData_v4':
        return decodeTypedDataRequest(params, ctx)
      default:
        return decodeUserOperationRequest(params, ctx, defaultChainId)
    }
  } catch (cause) {
    const error = toDecoderError(cause)
    return createResolution(ctx, { type: 'unknown', chainId: options.chainId ?? 0 }, errorDisplay(error), {
      error,
    })
  }
}

function providerOf(options: DecodeOptions): DataProvider {
  if (options.dataProvider) return options.dataProvider
  const entities = options.entities
  if (!entities || typeof entities !== 'object') return emptyProvider
  let provider = providers.get(entities)
  if (!provider) {
    provider = createEntitiesDataProvider(entities)
    providers.set(entities, provider)
  }
  return provider
}
