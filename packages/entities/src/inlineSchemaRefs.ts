type SchemaNode = Record<string, unknown>

/** Keywords that say something about a schema without constraining what it accepts. */
const ANNOTATIONS = new Set(['title', 'description', 'default', 'examples', '$comment', 'deprecated'])

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

const isNode = (value: unknown): value is SchemaNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A copy of a schema in which every `$ref` is replaced by the schema it names, looked up among `schemas` by `$id`.
 *
 * ajv compiles a `$ref` that holds further `$ref`s to a call, and appends the errors of that call to a copy of
 * every error gathered before it (`vErrors.concat(errors)`): with all errors collected, a document with a hundred
 * thousand broken items cost time growing with their square (a minute for 100,000 accounts). Inlined, the errors
 * are pushed where they arise. The schemas files stay as they are, `$ref`s and all, for every other tool.
 */
export function inlineSchemaRefs(schema: SchemaNode, schemas: readonly SchemaNode[]): SchemaNode {
  const byId = new Map(schemas.map((s) => [String(s.$id), s]))

  const resolve = (ref: string, base: string) => {
    const url = new URL(ref, base)
    const pointer = decodeURIComponent(url.hash.slice(1))
    url.hash = ''
    let target: unknown = byId.get(url.href)
    const tokens = pointer === '' ? [] : pointer.slice(1).split('/')
    for (const token of tokens) {
      const name = token.replaceAll('~1', '/').replaceAll('~0', '~')
      target = isNode(target) && Object.hasOwn(target, name) ? target[name] : undefined
    }
    if (!isNode(target)) throw new Error(`cannot resolve $ref ${ref} from ${base}`)
    return { target, base: url.href, key: `${url.href}#${pointer}` }
  }

  const copy = (node: unknown, base: string, expanding: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => copy(item, base, expanding))
    if (!isNode(node)) return node
    const out: SchemaNode = {}
    for (const [key, value] of Object.entries(node)) {
      if (key !== '$ref') out[key] = copy(value, base, expanding)
    }
    if (typeof node.$ref !== 'string') return out
    const { target, base: targetBase, key } = resolve(node.$ref, base)
    if (expanding.includes(key)) throw new Error(`recursive $ref ${node.$ref} cannot be inlined`)
    // The named schema's identity stays with its own document.
    const {
      $id: _id,
      $schema: _schema,
      ...named
    } = copy(target, targetBase, [...expanding, key]) as SchemaNode
    // Beside annotations, keywords next to a $ref apply to the same value on their own (additionalProperties
    // there sees only its own properties): merged into the named schema they could mean something else.
    const keywords = Object.keys(out).filter((key) => !ANNOTATIONS.has(key))
    return keywords.length === 0 ? { ...named, ...out } : { ...out, allOf: [...asArray(out.allOf), named] }
  }

  return copy(schema, String(schema.$id), []) as SchemaNode
}
