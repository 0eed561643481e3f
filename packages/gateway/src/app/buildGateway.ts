import swagger from '@fastify/swagger'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify'
import { approvalsRoutes } from '../approvals/approvalsRoutes'
import { authPlugin } from '../auth/authPlugin'
import { adminClientsRoutes } from '../clients/adminClientsRoutes'
import { connectionsRoutes } from '../connections/connectionsRoutes'
import { encryptionKeysRoutes } from '../connections/encryptionKeysRoutes'
import type { GatewayConfig } from '../core/config/gatewayConfig'
import type { Database } from '../core/database/openDatabase'
import type { ReadCache } from '../core/database/readCache'
import { bodyLimit } from '../core/http/bodyLimits'
import { createAjv } from '../core/http/createAjv'
import { registerErrorHandler, toErrorBody } from '../core/http/errorHandler'
import { registrableSchemas } from '../core/http/gatewaySchemas'
import { healthRoutes } from '../core/http/healthRoutes'
import { registerMethodNotAllowed } from '../core/http/methodNotAllowed'
import { registerRawJsonParser } from '../core/http/rawJsonParser'
import type { KeyedLock } from '../core/lock/keyedLock'
import { bufferedLogDestination } from '../core/logging/bufferedLogDestination'
import { redactedPaths } from '../core/logging/logRedaction'
import { RequestLogController } from '../core/logging/requestLogController'
import { docsRoutes } from '../core/openapi/docsRoutes'
import { openApiInfo } from '../core/openapi/openApiDocument'
import { withRequestExamples } from '../core/openapi/requestExamples'
import { documentRoutes } from '../core/openapi/routeResponses'
import { decisionLogRoutes } from '../decisionLog/decisionLogRoutes'
import { proposalRoutes } from '../governance/proposalRoutes'
import { routeGrantKey, routeGrants } from '../grants/grantActions'
import { grantsPlugin } from '../grants/grantsPlugin'
import { pagesPlugin } from '../pages/pagesPlugin'
import { passkeysRoutes } from '../passkeys/passkeysRoutes'
import type { CustodyProvider } from '../providers/types'
import { replayPlugin } from '../replay/replayPlugin'
import { accountsRoutes } from '../resources/accountsRoutes'
import { addressesRoutes } from '../resources/addressesRoutes'
import { assetsRoutes } from '../resources/assetsRoutes'
import { knownDestinationsRoutes } from '../resources/knownDestinationsRoutes'
import { networksRoutes } from '../resources/networksRoutes'
import { walletsRoutes } from '../resources/walletsRoutes'
import { shadowPlugin } from '../shadow/shadowPlugin'
import { signingPlugin } from '../signing/actions/signingPlugin'
import { tryItRoutes } from '../tryit/tryItRoutes'
import { corePlugin } from './corePlugin'

export type BuildGatewayOptions = {
  config: GatewayConfig
  db: Database
  providers: readonly CustodyProvider[]
  /**
   * pino options, or false to log nothing (tests). Default: JSON logs at the configured level to standard output,
   * in batches (see bufferedLogDestination).
   */
  logger?: FastifyServerOptions['logger']
  /** The embedder's own route plugins, registered after every built-in feature (signing and grants included). */
  plugins?: ReadonlyArray<(app: FastifyInstance) => Promise<void>>
  /**
   * Takes one client's decisions that count past transfers one at a time across every gateway sharing `db`, so
   * that spending and rate limits hold across them (createGateway passes PostgreSQL's advisory locks). Without
   * it, they hold within this gateway only.
   */
  lockAcrossGateways?: KeyedLock
  /**
   * Keeps reads until the next write that may change them: only for a database this gateway alone writes
   * (`OpenDatabase.readCache`, which PGlite has). Without it, every read queries the database.
   */
  readCache?: ReadCache
  /** Runs when the gateway closes, after its routes stop (closes the database the caller opened). */
  onClose?: () => Promise<void>
}

/**
 * Builds the gateway: one fastify instance with a plugin per feature (core services, auth, the read resources,
 * connections, clients, grants, signing; see the package README's Layout). Request and response schemas come from `schemas/gateway/`, validated by ajv
 * with unknown properties refused. Nothing listens until the caller calls `listen`.
 */
export async function buildGateway(options: BuildGatewayOptions): Promise<FastifyInstance> {
  const logDestination = options.logger === undefined ? bufferedLogDestination() : undefined
  const app = Fastify({
    logger: logDestination
      ? {
          level: options.config.logLevel,
          redact: { paths: redactedPaths, censor: '[redacted]' },
          stream: logDestination.stream,
        }
      : options.logger,
    logController: new RequestLogController(),
    bodyLimit,
    genReqId: () => crypto.randomUUID(),
    // Off unless configured: X-Forwarded-* from any other peer would let a client choose the origin its signed
    // uri is checked against (and the address logged for it).
    ...(options.config.trustProxy ? { trustProxy: options.config.trustProxy } : {}),
    requestIdHeader: false,
    // Path ids may be up to 200 characters (the schemas' bound); the router's default of 100 refused longer ones
    // before the schema saw them, so a record created with a longer chosen id could not be read back.
    routerOptions: { maxParamLength: 1024 },
    // What the router refuses itself (a malformed or overlong URL) answers with the one error body too.
    frameworkErrors: (error, _request, reply) => {
      const body = toErrorBody(error)
      ;(reply as FastifyReply).status(body.statusCode).send(body)
    },
    ajv: { customOptions: {} },
  })

  const bodyAjv = createAjv({ coerceTypes: false })
  const textAjv = createAjv({ coerceTypes: true })
  for (const schema of registrableSchemas()) {
    app.addSchema(schema)
    bodyAjv.addSchema(schema)
    textAjv.addSchema(schema)
  }
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object),
  )
  // A callback hook: an async one costs every response a promise and a microtask.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id)
    done(null, payload)
  })

  const { onClose } = options
  if (onClose) app.addHook('onClose', async () => onClose())
  if (logDestination) app.addHook('onClose', async () => logDestination.close())

  registerRawJsonParser(app, bodyLimit)
  registerErrorHandler(app)
  registerMethodNotAllowed(app)

  await app.register(swagger, {
    openapi: openApiInfo,
    transform: documentRoutes((method, url) => routeGrants[routeGrantKey(method, url)]?.action),
    transformObject: (document) =>
      'openapiObject' in document ? withRequestExamples(document.openapiObject) : document.swaggerObject,
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (json.title as string) ?? `Schema${i}`,
    },
  })
  await app.register(corePlugin, {
    db: options.db,
    config: options.config,
    providers: options.providers,
    lockAcrossGateways: options.lockAcrossGateways,
    readCache: options.readCache,
  })
  await app.register(authPlugin)

  await app.register(healthRoutes)
  await app.register(docsRoutes)
  await app.register(adminClientsRoutes)
  await app.register(proposalRoutes)
  await app.register(decisionLogRoutes)
  await app.register(encryptionKeysRoutes)
  await app.register(connectionsRoutes)
  await app.register(walletsRoutes)
  await app.register(accountsRoutes)
  await app.register(addressesRoutes)
  await app.register(networksRoutes)
  await app.register(assetsRoutes)
  await app.register(knownDestinationsRoutes)
  await app.register(pagesPlugin)
  await app.register(grantsPlugin)
  await app.register(signingPlugin)
  await app.register(replayPlugin)
  await app.register(shadowPlugin)
  await app.register(tryItRoutes())
  await app.register(passkeysRoutes())
  await app.register(approvalsRoutes())
  for (const plugin of options.plugins ?? []) await app.register(plugin)
  await app.ready()
  return app
}
