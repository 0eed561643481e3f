import { readFile } from 'node:fs/promises'
import { validate } from '@readme/openapi-parser'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { beforeAll, describe, expect, it } from 'vitest'
import { generateOpenApi } from '../src/app/generateOpenApi'
import { issueToken } from './grantsFlow'
import { createTestConnection, signedInject } from './support/testGateway'
import { useTestClient, useTestGateway } from './support/useTestGateway'

type Operation = {
  operationId?: string
  security?: unknown[]
  requestBody?: unknown
  parameters?: { in: string; name: string }[]
  responses: Record<string, { description?: string; content?: Record<string, MediaType> }>
}
type MediaType = { schema?: unknown; example?: unknown; examples?: Record<string, { value: unknown }> }
type Document = {
  info: { version: string }
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, { examples?: unknown[] }> }
}

const documentText = await readFile(new URL('../openapi.json', import.meta.url), 'utf8')
const document = JSON.parse(documentText) as Document
const packageVersion = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')).version

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
type Method = (typeof methods)[number]
const operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
  Object.entries(byMethod).map(([method, operation]) => ({
    path,
    method: method.toUpperCase() as Method,
    operation,
  })),
)
const withBody = (method: Method) => method !== 'GET'
const isPublic = (operation: Operation) =>
  Array.isArray(operation.security) && operation.security.length === 0
const isAdmin = (operation: Operation) => JSON.stringify(operation.security ?? []).includes('adminApiKey')
const isGrantRoute = (path: string) =>
  path === '/v1/grant' || path === '/v1/continue' || path.startsWith('/v1/grant/')
/** The grant request and its continuation answer a schema violation with 400, as GNAP lists; the rest with 422. */
const validationStatus = (path: string) => (path === '/v1/grant' || path === '/v1/continue' ? 400 : 422)

/** A concrete URL of a path template, every parameter an id nothing has. */
const concrete = (path: string, id = 'no-such-id') => path.replace(/\{[^}]+\}/g, id)

const gateway = useTestGateway()
const client = useTestClient(gateway)
/** A client with no grants: its requests reach validation and the handlers without an access token. */
const plain = useTestClient(gateway)
/** A token that grants `wallets:read` on one connection: every other client route refuses it (403). */
let narrowToken: string
/** A connection of the plain client, for the routes that act through one. */
let plainConnectionId: string

beforeAll(async () => {
  plainConnectionId = (await createTestConnection(gateway, plain)).connectionId
  const { connectionId } = await createTestConnection(gateway, client)
  narrowToken = (await issueToken(gateway, client, [connectionId], ['wallets:read'])).value
})

/** Fails naming the operation, the probe and the body when the gateway answered a status the document omits. */
function expectDeclared(
  operation: (typeof operations)[number],
  probe: string,
  response: { statusCode: number; body: string },
) {
  const declared = Object.keys(operation.operation.responses)
  expect(
    declared,
    `${operation.method} ${operation.path} answered ${response.statusCode} to ${probe} (${response.body}), which openapi.json does not declare`,
  ).toContain(String(response.statusCode))
}

describe('openapi.json', () => {
  it('is what the routes generate, has a valid OpenAPI 3.1 shape, and carries the package version', async () => {
    expect(documentText).toBe(await generateOpenApi())
    await expect(validate(structuredClone(document) as never)).resolves.toBeTruthy()
    expect(document.info.version).toBe(packageVersion)
  })

  it('names a unique operationId on every operation', () => {
    const ids = operations.map(({ operation }) => operation.operationId)
    for (const [index, id] of ids.entries()) {
      expect(id, `${operations[index]?.method} ${operations[index]?.path}`).toMatch(/^[a-z][A-Za-z]+$/)
    }
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('has examples that validate against their schemas, and error examples whose statusCode is their status', () => {
    const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true })
    addFormats(ajv)
    const documentId = 'https://openapi.test/openapi.json'
    ajv.addSchema({ $id: documentId, components: document.components } as never)
    const check = (schema: unknown, value: unknown, where: string) => {
      const valid = ajv.validate(schema as never, value)
      expect(valid, `${where}: ${ajv.errorsText()}`).toBe(true)
    }
    const base = (schema: unknown) =>
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${documentId}#/components/`))
    let count = 0
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      for (const example of schema.examples ?? []) {
        check(base({ $ref: `#/components/schemas/${name}` }), example, `components.schemas.${name}`)
        count++
      }
    }
    for (const { path, method, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = response.content?.['application/json']
        if (!media) continue
        const examples = [
          ...(media.example === undefined ? [] : [media.example]),
          ...Object.values(media.examples ?? {}).map((example) => example.value),
        ]
        if (Number(status) >= 400) expect(examples.length, `${method} ${path} ${status}`).toBeGreaterThan(0)
        for (const example of examples) {
          check(base(media.schema), example, `${method} ${path} ${status}`)
          if (Number(status) >= 400)
            expect((example as { statusCode: number }).statusCode).toBe(Number(status))
          count++
        }
      }
    }
    expect(count).toBeGreaterThan(operations.length)
  })
})

describe.each(operations)('$method $path declares what the gateway answers', (entry) => {
  const { path, method, operation } = entry
  const url = concrete(path)

  it.runIf(!isPublic(operation))('401 without credentials', async () => {
    const response = await gateway.app.inject({ method, url })
    expect(response.statusCode, response.body).toBe(401)
    expectDeclared(entry, 'a request without credentials', response)
  })

  it.runIf(withBody(method))(
    '400 for a body that is not JSON, or of another media type; 413 when too large',
    async () => {
      const malformed = await gateway.app.inject({
        method,
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"unterminated',
      })
      expect(malformed.json().code, malformed.body).toBe('MALFORMED_JSON')
      expectDeclared(entry, 'a malformed JSON body', malformed)
      const text = await gateway.app.inject({
        method,
        url,
        headers: { 'content-type': 'text/plain' },
        payload: 'x',
      })
      expect(text.statusCode, text.body).toBe(400)
      expectDeclared(entry, 'a text/plain body', text)
      // The limit the document states for the route: a body one byte over it is refused.
      const stated = /larger than (\d+) MiB/.exec(operation.responses['413']?.description ?? '')
      expect(stated, `${method} ${path}: no body limit in its 413 description`).not.toBeNull()
      const large = await gateway.app.inject({
        method,
        url,
        headers: { 'content-type': 'application/json' },
        payload: `"${'x'.repeat(Number(stated![1]) * 1_048_576 - 1)}"`,
      })
      expect(large.statusCode, large.body).toBe(413)
      expectDeclared(entry, 'a body over the limit', large)
    },
  )

  it.runIf(path.includes('{'))('400 for a path parameter that is not valid percent-encoding', async () => {
    const response = await gateway.app.inject({ method, url: concrete(path, '%E0%A4%A') })
    expect(response.statusCode, response.body).toBe(400)
    expectDeclared(entry, 'a malformed path parameter', response)
  })

  it.runIf(!isPublic(operation) && !isAdmin(operation))('a schema violation, an unknown id', async () => {
    if (operation.requestBody || path.includes('{') || operation.parameters?.some((p) => p.in === 'query')) {
      const violation = await signedInject(gateway, plain, {
        method,
        url: operation.parameters?.some((p) => p.in === 'query')
          ? `${concrete(path)}?unexpectedParameter=1`
          : concrete(path, 'x'.repeat(201)),
        ...(withBody(method) ? { body: { unexpectedMember: true } } : {}),
      })
      expect(violation.statusCode, violation.body).toBe(validationStatus(path))
      expectDeclared(entry, 'a schema violation', violation)
    }
    if (path.includes('{')) {
      const unknown = await signedInject(gateway, plain, {
        method,
        url,
        ...(withBody(method) ? { body: { approval: 'x', interact_ref: 'x' } } : {}),
      })
      expect(unknown.statusCode, unknown.body).toBeGreaterThanOrEqual(400)
      expect(unknown.statusCode, unknown.body).toBeLessThan(500)
      expectDeclared(entry, 'an unknown id', unknown)
    }
  })

  const requestExample = (operation.requestBody as { content?: Record<string, MediaType> } | undefined)
    ?.content?.['application/json']?.example
  it.runIf(requestExample !== undefined)('passes its own request example through validation', async () => {
    const response = await signedInject(gateway, plain, {
      method,
      url,
      body: requestExample,
      headers: { 'x-connection-id': plainConnectionId },
    })
    // Past the schema: the example's account is not one this client has, or the evaluation answers.
    expect([400, 422], response.body).not.toContain(response.statusCode)
    expect(response.statusCode, response.body).toBeLessThan(500)
    expectDeclared(entry, 'its request example', response)
  })

  it.runIf(!isPublic(operation) && !isAdmin(operation) && !isGrantRoute(path))(
    '403 for an access token that does not cover it',
    async () => {
      const response = await signedInject(gateway, client, {
        method,
        url,
        accessToken: narrowToken,
        ...(withBody(method) ? { body: {} } : {}),
      })
      expect(response.statusCode, response.body).toBe(403)
      expect(response.json().code).toMatch(/^GRANT_/)
      expectDeclared(entry, 'an access token that does not cover it', response)
    },
  )
})

describe.each(Object.keys(document.paths))('%s', (path) => {
  const declared = Object.keys(document.paths[path] ?? {}).map((method) => method.toUpperCase())
  const others = methods.filter((method) => !declared.includes(method))

  it.each(others)('answers %s with 405, an Allow header and the error body', async (method) => {
    const response = await gateway.app.inject({ method, url: concrete(path) })
    expect(response.statusCode, response.body).toBe(405)
    const allow = String(response.headers.allow).split(', ')
    expect(allow).toEqual(expect.arrayContaining(declared))
    expect(allow).not.toContain(method)
    expect(response.json()).toMatchObject({ statusCode: 405, code: 'METHOD_NOT_ALLOWED' })
  })
})
