import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { entitySchemas } from './entitySchemas'
import { inlineSchemaRefs } from './inlineSchemaRefs'
import { type PatternEngine, patternEngine } from './patternEngine'

/**
 * The ajv instance the entities schemas are compiled with: by scripts/generateValidators.ts into the standalone
 * validators the package ships (`source`, with the pattern engine named as the generated code calls it), and by
 * the test that checks those are current. Nothing compiles a schema at run time.
 */
export function createEntitiesAjv(
  allErrors: boolean,
  options: { source?: boolean; regExp?: PatternEngine } = {},
): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors,
    // Errors carry their schema and value: an unknown member is matched to the declared ones (did you mean).
    verbose: true,
    strict: true,
    allowUnionTypes: true,
    // The schemas' patterns are ASCII, and non-unicode expressions match faster.
    unicodeRegExp: false,
    code: { regExp: options.regExp ?? patternEngine, ...(options.source ? { source: true } : {}) },
    schemas: entitySchemas.map((schema) => inlineSchemaRefs(schema, entitySchemas)),
  })
  addFormats(ajv)
  return ajv
}
