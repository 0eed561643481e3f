import type { FastifyInstance } from 'fastify'
import { createAjv } from '../core/http/createAjv'
import { registrableSchemas } from '../core/http/gatewaySchemas'
import { registrableReplaySchemas } from '../replay/replaySchemas'
import { shadowRoutes } from './shadowRoutes'

/**
 * Shadow mode's admin route (its divergences), with the schemas it shares with replay. `buildGateway` registers it on
 * every gateway; corePlugin hands the shadow mode itself to the signing pipeline.
 */
export async function shadowPlugin(app: FastifyInstance) {
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
  await app.register(shadowRoutes)
}
