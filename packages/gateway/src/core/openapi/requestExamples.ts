type MediaType = { schema?: { $ref?: string }; example?: unknown }
type OpenApiObject = {
  paths?: Record<string, Record<string, { requestBody?: { content?: Record<string, MediaType> } }>>
  components?: { schemas?: Record<string, { examples?: unknown[] }> }
}

/**
 * The @fastify/swagger `transformObject` of the gateway: a request body that is a reference to a schema with
 * `examples` (schemas/gateway/) gets the first as its media type's `example`, which Swagger UI and client
 * generators show instead of a placeholder (`"method": "string"`). The schemas stay the one source of examples.
 */
export function withRequestExamples<Document extends object>(document: Document): Document {
  const openapiObject = document as Partial<OpenApiObject>
  const schemas = openapiObject.components?.schemas ?? {}
  for (const operations of Object.values(openapiObject.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const media of Object.values(operation.requestBody?.content ?? {})) {
        const name = media.schema?.$ref?.replace('#/components/schemas/', '')
        const example = name === undefined ? undefined : schemas[name]?.examples?.[0]
        if (example !== undefined && media.example === undefined) media.example = example
      }
    }
  }
  return document
}
