import type { Call, IntentFields } from '../types'
import type { BuiltinFunction } from './defineFunction'

/** Base of every call intent: who calls what, with which selector and value. */
export function callIntent(type: IntentFields['type'], call: Call, fn?: BuiltinFunction): IntentFields {
  const intent: IntentFields = { type, chainId: call.chainId }
  if (call.from) intent.from = call.from
  if (call.to) {
    intent.to = call.to
    intent.contract = call.to
  }
  if (fn) {
    intent.hexSignature = fn.selector
    intent.functionName = fn.abi.name
  }
  intent.value = call.value.toString()
  return intent
}
