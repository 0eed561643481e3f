import type { FastifyInstance } from 'fastify'
import { registerSigningRoutes } from './signingRoutes'
import { transferAction } from './transferAction'

/** Transfers: created through the signing pipeline, read by transfer id. */
export async function transferRoutes(app: FastifyInstance) {
  registerSigningRoutes(app, {
    path: '/v1/provider/transfers',
    tag: 'Transfers',
    noun: 'Transfer',
    action: transferAction,
    body: 'createTransferRequest',
    record: 'transfer',
  })
}
