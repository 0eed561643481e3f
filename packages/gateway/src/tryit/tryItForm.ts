import { EntitiesJsonError, parseEntitiesJson } from '@rampart/entities'

/** The fields of the try-it form, as the author left them (re-shown with the result). */
export type TryItFields = {
  clientId: string
  fixture: string
  request: string
  principal: string
  entities: string
  policies: string
}

/** A problem with what the author pasted: the field, where in it (line:col of the text, or a JSON Pointer), why. */
export type FieldIssue = { field: keyof TryItFields; where: string; message: string }

/** What a try needs once the form reads: parsed JSON documents; the pasted ones replace the client's own. */
export type TryItInput = {
  clientId: string
  principal: string | undefined
  request: unknown
  entities: unknown | undefined
  policies: unknown | undefined
}

/** Largest pasted document; the whole form is bounded by the route's body limit too. */
export const maxDocumentBytes = 512 * 1024
const maxFieldChars = 200

export function fieldsOf(form: URLSearchParams): TryItFields {
  const text = (name: string) => form.get(name) ?? ''
  return {
    clientId: text('clientId').trim(),
    fixture: text('fixture').trim(),
    request: text('request'),
    principal: text('principal').trim(),
    entities: text('entities'),
    policies: text('policies'),
  }
}

/** Parses one pasted JSON document, or says where it stops being JSON. */
function parseField(
  fields: TryItFields,
  field: 'request' | 'entities' | 'policies',
  issues: FieldIssue[],
): unknown {
  try {
    return parseEntitiesJson(fields[field], { maxBytes: maxDocumentBytes })
  } catch (error) {
    if (!(error instanceof EntitiesJsonError)) throw error
    const { line, column, path } = error.details
    const where = line !== undefined ? `line ${line}, column ${column ?? 1}` : (path ?? '')
    issues.push({ field, where, message: error.message })
    return undefined
  }
}

/** A JSON-RPC request as /evaluate takes one: an object with a method name and a params array. */
function requestShapeIssues(request: unknown): FieldIssue[] {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return [
      { field: 'request', where: '/', message: 'A JSON-RPC request is an object with method and params.' },
    ]
  }
  const { method, params } = request as { method?: unknown; params?: unknown }
  return [
    ...(typeof method === 'string'
      ? []
      : [{ field: 'request' as const, where: '/method', message: 'must be a string' }]),
    ...(Array.isArray(params)
      ? []
      : [{ field: 'request' as const, where: '/params', message: 'must be an array' }]),
  ]
}

/** Reads the form into a try, or the issues that stop it (each naming its field and where in it). */
export function readTryIt(fields: TryItFields): { input: TryItInput } | { issues: FieldIssue[] } {
  const issues: FieldIssue[] = []
  if (!fields.clientId) issues.push({ field: 'clientId', where: '', message: 'Choose a client.' })
  if (fields.clientId.length > maxFieldChars || fields.principal.length > maxFieldChars) {
    issues.push({ field: 'principal', where: '', message: `At most ${maxFieldChars} characters.` })
  }
  if (!fields.request.trim()) {
    issues.push({ field: 'request', where: '', message: 'Paste a JSON-RPC request, or load an example.' })
  }
  const request = fields.request.trim() ? parseField(fields, 'request', issues) : undefined
  const entities = fields.entities.trim() ? parseField(fields, 'entities', issues) : undefined
  const policies = fields.policies.trim() ? parseField(fields, 'policies', issues) : undefined
  if (request !== undefined) issues.push(...requestShapeIssues(request))
  if (issues.length > 0) return { issues }
  return {
    input: {
      clientId: fields.clientId,
      principal: fields.principal || undefined,
      request,
      entities,
      policies,
    },
  }
}
