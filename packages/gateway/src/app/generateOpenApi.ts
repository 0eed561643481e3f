import type { GatewayConfig } from '../core/config/gatewayConfig'
import { parseMasterKey } from '../core/crypto/envelope'
import type { Database } from '../core/database/openDatabase'
import type { CustodyProvider } from '../providers/types'
import { buildGateway } from './buildGateway'

/** Registering routes never touches the database, so the document is generated without one. */
const noDatabase = {} as Database

/** The OpenAPI 3.1 document of the gateway, generated from its routes, as stable, formatted JSON text. */
export async function generateOpenApi(providers: readonly CustodyProvider[] = []): Promise<string> {
  const config: GatewayConfig = {
    host: '127.0.0.1',
    port: 0,
    database: {},
    adminApiKey: 'x'.repeat(32),
    masterKey: parseMasterKey('0'.repeat(64)),
    attestationKey: { kty: 'EC', crv: 'secp256k1', x: '', y: '', d: '' },
    jwsMaxAgeSeconds: 60,
    transitKeyTtlSeconds: 3600,
    // No database behind this gateway: nothing to sweep.
    interruptedAfterSeconds: 0,
    logLevel: 'silent',
  }
  const app = await buildGateway({ config, db: noDatabase, providers, logger: false })
  try {
    return `${JSON.stringify(app.swagger(), null, 2)}\n`
  } finally {
    await app.close()
  }
}
