import { describe, expect, it } from 'vitest'
import { inlineSchemaRefs } from './inlineSchemaRefs'
import { entitySchemas } from './schemaValidator'

const schemas = entitySchemas as unknown as Record<string, unknown>[]

describe('inlineSchemaRefs', () => {
  it('replaces every $ref of the entities schemas by the schema it names, across files', () => {
    for (const schema of schemas) {
      const inlined = inlineSchemaRefs(schema, schemas)
      expect(JSON.stringify(inlined)).not.toContain('"$ref"')
      expect(inlined.$id).toBe(schema.$id)
    }
    const account = inlineSchemaRefs(schemas[5]!, schemas) as {
      properties: { accounts: { items: { properties: Record<string, unknown> } } }
    }
    expect(account.properties.accounts.items.properties.address).toMatchObject({
      type: 'string',
      pattern: '^0x[0-9a-fA-F]{40}$',
    })
    expect(account.properties.accounts.items.properties.accountType).toMatchObject({ enum: ['eoa'] })
  })

  it('keeps keywords beside a $ref apart from the schema it names', () => {
    const named = { $id: 'https://example.test/named.json', properties: { a: { type: 'string' } } }
    const user = {
      $id: 'https://example.test/user.json',
      properties: {
        described: { $ref: 'named.json', description: 'an annotation only' },
        closed: { $ref: 'named.json', additionalProperties: false, allOf: [{ required: ['a'] }] },
      },
    }
    const inlined = inlineSchemaRefs(user, [named, user]) as { properties: Record<string, unknown> }
    expect(inlined.properties.described).toEqual({
      properties: { a: { type: 'string' } },
      description: 'an annotation only',
    })
    // additionalProperties: false next to the $ref sees no properties of its own: every member is refused.
    expect(inlined.properties.closed).toEqual({
      additionalProperties: false,
      allOf: [{ required: ['a'] }, { properties: { a: { type: 'string' } } }],
    })
  })

  it('leaves the schemas it reads as they were', () => {
    const before = JSON.stringify(schemas)
    for (const schema of schemas) inlineSchemaRefs(schema, schemas)
    expect(JSON.stringify(schemas)).toBe(before)
  })

  it('refuses a schema that refers to itself, and a $ref it cannot resolve', () => {
    const recursive = { $id: 'https://example.test/tree.json', properties: { child: { $ref: '#' } } }
    expect(() => inlineSchemaRefs(recursive, [recursive])).toThrow(/recursive \$ref #/)
    const dangling = { $id: 'https://example.test/a.json', $ref: 'b.json#/$defs/X' }
    expect(() => inlineSchemaRefs(dangling, [dangling])).toThrow(/cannot resolve \$ref b\.json/)
  })
})
