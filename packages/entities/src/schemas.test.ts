import { describe, expect, it } from 'vitest'
import { ENTITY_KINDS, entityKindNames } from './entityKinds'
import { entitySchemas } from './schemaValidator'

type Schema = {
  $id: string
  properties: Record<string, { items: { $ref: string } }>
  $defs?: Record<string, Schema>
}
const schemas = entitySchemas as unknown as Schema[]
const full = schemas[0]!

/** The item schema a collection of a partial schema uses, resolved to the full schema's or its own $defs. */
function itemSchema(schema: Schema, collection: string): unknown {
  const ref = schema.properties[collection]!.items.$ref
  const [file, pointer] = ref.split('#/$defs/')
  return (file === '' ? schema : full).$defs![pointer!]
}

describe('entities schemas', () => {
  it('have stable, distinct $ids that match the entity kinds', () => {
    expect(schemas.map((s) => s.$id)).toEqual(entityKindNames.map((kind) => ENTITY_KINDS[kind].schemaId))
    for (const s of schemas)
      expect(s.$id).toMatch(/^https:\/\/rampart\.dev\/schemas\/entities\/\w+\.schema\.json$/)
  })

  it('share the full document item schemas, except for the documented differences', () => {
    const differences = new Set(['userGroup.userGroups', 'credential.credentials', 'account.accounts'])
    for (const [i, kind] of entityKindNames.entries()) {
      if (kind === 'full') continue
      const { required, optional } = ENTITY_KINDS[kind]
      for (const collection of [...required, ...optional]) {
        const same = itemSchema(schemas[i]!, collection) === itemSchema(full, collection)
        expect({ at: `${kind}.${collection}`, same }).toEqual({
          at: `${kind}.${collection}`,
          same: !differences.has(`${kind}.${collection}`),
        })
      }
    }
  })
})
