import type { Decision } from './generated/decision'
import type { Intent } from './generated/evaluationRequest'
import { refusal } from './refusal'

/** The first decoder error of an intent or of any intent nested in it, with the JSON Pointer of its intent. */
export function decoderErrorOf(
  intent: Intent | undefined,
  path = '/intent',
): { path: string; code: number; name: string } | undefined {
  if (typeof intent !== 'object' || intent === null) return undefined
  const error = intent.decoderError as { code?: unknown; name?: unknown } | undefined
  // Any value there is an error the decoder reported, whatever its shape. (null, which the spec's report shape
  // writes for "no error", is no intent's: the request's schema refuses it.)
  if (error !== undefined && error !== null) {
    const code = typeof error?.code === 'number' ? error.code : 0
    const name = typeof error?.name === 'string' ? error.name : 'unknown'
    return { path, code, name }
  }
  const inner = intent.intents as unknown
  if (!Array.isArray(inner)) return undefined
  for (let k = 0; k < inner.length; k++) {
    const found = decoderErrorOf(inner[k] as Intent, `${path}/intents/${k}`)
    if (found) return found
  }
  return undefined
}

/**
 * The refusal of an intent the decoder could not fully read (it, or an intent nested in it, carries decoderError):
 * no policy decides on what the decoder could not read. Undefined when there is no such error.
 */
export function decoderErrorRefusal(intent: Intent | undefined): Decision | undefined {
  const found = decoderErrorOf(intent)
  if (!found) return undefined
  const what = `${found.name} (${found.code})`
  return refusal('DECODING_FAILED', `The request could not be fully decoded: ${what}`, [
    { path: `${found.path}/decoderError`, message: `the decoder reported ${what}` },
  ])
}
