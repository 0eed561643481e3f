import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'

export type AjvOptions = {
  /** Query strings and path parameters arrive as text: coerce them to the schema's types. Bodies never. */
  coerceTypes: boolean
}

/**
 * The one ajv configuration of the gateway (JSON Schema 2020-12, every error reported, formats checked,
 * defaults applied, unknown properties refused by the schemas rather than removed).
 */
export function createAjv({ coerceTypes }: AjvOptions): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    coerceTypes,
    useDefaults: true,
    removeAdditional: false,
    allowUnionTypes: true,
    discriminator: true,
  })
  addFormats(ajv)
  return ajv
}
