import type { FastifyInstance } from 'fastify'
import { createAjv } from '../core/http/createAjv'
import { registrableSchemas } from '../core/http/gatewaySchemas'
import { replayRoutes } from './replayRoutes'
import { registrableReplaySchemas } from './replaySchemas'

/** Replay's admin route, with its schemas (`schemas/gateway/replay/`). `buildGateway` registers it on every gateway. */
export async function replayPlugin(app: FastifyInstance) {
  const bodyAjv = createAjv({ coerceTypes: false })
  const textAjv = createAjv({ coerceTypes: true })
  for (const schema of [...registrableSchemas(), ...registrableReplaySchemas()]) {
    bodyAjv.addSchema(schema)
    textAjv.addSchema(schema)
  }
  for (const schema of registrableReplaySchemas()) app.addSchema(schema)
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object),
  )
  await app.register(replayRoutes)
}
