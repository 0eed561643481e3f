import type { FastifyInstance } from 'fastify'
import { createAjv } from '../../core/http/createAjv'
import { registrableSchemas } from '../../core/http/gatewaySchemas'
import { evaluateRoutes } from '../evaluate/evaluateRoutes'
import { scheduleInterruptedRequestRecovery } from '../pipeline/recoverInterruptedRequests'
import { registrableActionSchemas } from './actionSchemas'
import { evmRoutes } from './evmRoutes'
import { signRawRoutes } from './signRawRoutes'
import { stakingRoutes } from './stakingRoutes'
import { transferRoutes } from './transferRoutes'

/**
 * Every signing action of the gateway, and POST /evaluate: the action schemas and one child plugin per resource
 * family, each handed the gateway's signing services (built once per gateway by its core plugin, `app.signing`).
 * `buildGateway` registers it on every gateway.
 */
export async function signingPlugin(app: FastifyInstance) {
  const bodyAjv = createAjv({ coerceTypes: false })
  const textAjv = createAjv({ coerceTypes: true })
  for (const schema of [...registrableSchemas(), ...registrableActionSchemas()]) {
    bodyAjv.addSchema(schema)
    textAjv.addSchema(schema)
  }
  for (const schema of registrableActionSchemas()) app.addSchema(schema)
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object),
  )
  const services = app.signing
  scheduleInterruptedRequestRecovery(app, services, app.config.interruptedAfterSeconds)
  await app.register(evmRoutes, { services })
  await app.register(transferRoutes, { services })
  await app.register(signRawRoutes, { services })
  await app.register(stakingRoutes, { services })
  await app.register(evaluateRoutes, { services })
}
