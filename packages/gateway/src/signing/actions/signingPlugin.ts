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
 * family. `buildGateway` registers it on every gateway.
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
  scheduleInterruptedRequestRecovery(app, app.config.interruptedAfterSeconds)
  await app.register(evmRoutes)
  await app.register(transferRoutes)
  await app.register(signRawRoutes)
  await app.register(stakingRoutes)
  await app.register(evaluateRoutes)
}
