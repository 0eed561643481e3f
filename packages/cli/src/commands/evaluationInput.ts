import type { DecisionInput, EvaluationRequest } from '@rampart/evaluator'
import { CliError } from '../cliErrors'

/** What `rampart evaluate` reads from its request file, before decoding. */
export interface EvaluationInput {
  /** A JSON-RPC request to decode. */
  rpc?: unknown
  /** The action of a request with no JSON-RPC form, and its fields. */
  direct?: Pick<DecisionInput, 'action' | 'payloads' | 'algorithm' | 'permissions' | 'signer'>
  /** Presets named in an /evaluate body. */
  presets: string[]
}

const DIRECT_ACTIONS = new Set<EvaluationRequest['action']>(['signRaw', 'grantPermission'])

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const strings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string')

/**
 * Reads the three forms a request file takes: an /evaluate body `{request, protocolPresets}`, a request with no
 * JSON-RPC form, `{action: "signRaw", payloads, algorithm, signer}` or `{action: "grantPermission", permissions}`,
 * and anything else as a JSON-RPC request `{method, params}`, which the decoder reads (and refuses with its error
 * when it is not one, as /evaluate and the library do). Throws an Error naming the JSON Pointer of what is wrong;
 * the evaluator checks the rest of the shape against its schema.
 */
export function readEvaluationInput(body: unknown): EvaluationInput {
  if (!isRecord(body) || 'method' in body || !('request' in body || 'action' in body)) {
    return { rpc: body, presets: [] }
  }
  if ('request' in body) {
    const presets = body.protocolPresets ?? []
    if (!strings(presets))
      throw new CliError('cli.invalid-input', '/protocolPresets: must be a list of preset ids')
    return { rpc: body.request, presets }
  }
  const { action, payloads, algorithm, permissions, signer } = body
  if (typeof action !== 'string' || !DIRECT_ACTIONS.has(action as EvaluationRequest['action'])) {
    throw new CliError(
      'cli.invalid-input',
      '/action: a request with no JSON-RPC form is signRaw or grantPermission',
    )
  }
  if (payloads !== undefined && !strings(payloads))
    throw new CliError('cli.invalid-input', '/payloads: must be a list of 0x hex strings')
  if (permissions !== undefined && !strings(permissions))
    throw new CliError('cli.invalid-input', '/permissions: must be a list of strings')
  if (algorithm !== undefined && typeof algorithm !== 'string')
    throw new CliError('cli.invalid-input', '/algorithm: must be a string')
  if (signer !== undefined && !isSigner(signer)) {
    throw new CliError('cli.invalid-input', '/signer: must be {address, chainId}, chainId an integer or null')
  }
  return {
    direct: {
      action: action as EvaluationRequest['action'],
      ...(payloads === undefined ? {} : { payloads }),
      ...(algorithm === undefined ? {} : { algorithm }),
      ...(permissions === undefined ? {} : { permissions }),
      ...(signer === undefined ? {} : { signer }),
    },
    presets: [],
  }
}

function isSigner(value: unknown): value is NonNullable<DecisionInput['signer']> {
  return (
    isRecord(value) &&
    typeof value.address === 'string' &&
    (value.chainId === null || Number.isSafeInteger(value.chainId))
  )
}
