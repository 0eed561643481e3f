import type { FastifyInstance } from 'fastify'
import type { SigningRoutesPluginOptions } from '../pipeline/signingServices'
import { registerSigningRoutes } from './signingRoutes'
import { transferAction } from './transferAction'

/** Transfers: created through the signing pipeline, read by transfer id. */
export async function transferRoutes(app: FastifyInstance, { services }: SigningRoutesPluginOptions) {
  registerSigningRoutes(app, services, {
    path: '/v1/provider/transfers',
    operationName: 'Transfer',
    tag: 'Transfers',
    noun: 'Transfer',
    action: transferAction,
    body: 'createTransferRequest',
    record: 'transfer',
  })
}
