import type { FastifyInstance } from 'fastify'
import { createAjv } from '../../core/http/createAjv'
import { registrableSchemas } from '../../core/http/gatewaySchemas'
import { evaluateRoutes } from '../evaluate/evaluateRoutes'
import { followPlugin } from '../follow/followPlugin'
import type { ActionsByKind } from '../follow/followRequests'
import { scheduleInterruptedRequestRecovery } from '../pipeline/recoverInterruptedRequests'
import { registrableActionSchemas } from './actionSchemas'
import { evmRoutes } from './evmRoutes'
import { sendTransactionAction } from './sendTransactionAction'
import { signMessageAction } from './signMessageAction'
import { signRawAction } from './signRawAction'
import { signRawRoutes } from './signRawRoutes'
import { signTypedDataAction } from './signTypedDataAction'
import { stakeAction } from './stakeAction'
import { stakingRoutes } from './stakingRoutes'
import { transferAction } from './transferAction'
import { transferRoutes } from './transferRoutes'
import { unstakeAction } from './unstakeAction'

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
  await app.register(followPlugin, { services, actions: actionsByKind })
}

/** Every action by the kind its records carry: what the follower completes a custodian's answer with. */
const actionsByKind: ActionsByKind = new Map(
  [
    sendTransactionAction,
    signMessageAction,
    signTypedDataAction,
    signRawAction,
    transferAction,
    stakeAction,
    unstakeAction,
  ].map((action) => [action.kind, action]),
)
