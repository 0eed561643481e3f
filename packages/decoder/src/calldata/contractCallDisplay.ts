import { addressField, interactWith } from '../display/fields'
import type { Display, DisplayField } from '../types'
import type { HandlerInput } from './defineFunction'

type CallOn = Pick<HandlerInput, 'ctx' | 'call'>

/**
 * The display of a call to a token or NFT contract: it interacts with the called contract, named as the data
 * provider knows it, and every field is required.
 */
export function contractCallDisplay(
  { ctx, call }: CallOn,
  contractName: string | null | undefined,
  intent: string,
  interpolated: string,
  fields: DisplayField[],
): Display {
  return {
    intent,
    interpolatedIntent: interpolated,
    interactWith: interactWith(ctx, call.chainId, call.to, contractName),
    fields,
    requiredFields: fields.map((f) => f.label),
  }
}

/** The From and To fields of a transfer between two holders. */
export function fromToFields({ ctx, call }: CallOn, from: string, to: string): DisplayField[] {
  return [addressField(ctx, call.chainId, 'From', from), addressField(ctx, call.chainId, 'To', to)]
}
