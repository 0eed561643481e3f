import type { FastifyInstance } from 'fastify'
import type { SigningRoutesPluginOptions } from '../pipeline/signingServices'
import { registerSigningRoutes } from './signingRoutes'
import { signRawAction } from './signRawAction'

/** Raw signing: created through the signing pipeline, read by request id. */
export async function signRawRoutes(app: FastifyInstance, { services }: SigningRoutesPluginOptions) {
  registerSigningRoutes(app, services, {
    path: '/v1/provider/sign-raw',
    operationName: 'SignRaw',
    tag: 'Raw signing',
    noun: 'Raw signature request',
    action: signRawAction,
    body: 'signRawRequest',
    record: 'rawSign',
  })
}
