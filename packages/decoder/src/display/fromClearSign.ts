import type { ClearSignDisplay, ClearSignField } from '../erc7730'
import type { Display, DisplayField } from '../types'

/** The engine's display in the resolution's `display` shape (engine-only details dropped). */
export function fromClearSign(display: ClearSignDisplay): Display {
  return {
    intent: display.intent,
    interpolatedIntent: display.interpolatedIntent ?? display.intent,
    interactWith: display.interactWith,
    fields: display.fields.map(fromField),
    requiredFields: display.requiredFields,
  }
}

function fromField(field: ClearSignField): DisplayField {
  return {
    label: field.label,
    format: field.format,
    value: typeof field.value === 'string' ? field.value : fromClearSign(field.value),
    address: field.address,
    amount: field.amount,
    contract: field.contract,
    token: field.token,
    path: field.path,
  }
}
