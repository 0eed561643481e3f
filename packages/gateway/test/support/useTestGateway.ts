import { afterAll, beforeAll } from 'vitest'
import type { JwsAlgorithm } from '../../src/auth/jwsAlgorithms'
import type { GatewayConfig } from '../../src/config/gatewayConfig'
import { registerTestClient, startTestGateway, type TestClient, type TestGateway } from './testGateway'

/**
 * The test gateway of a file (or of the describe it is called in): started in a beforeAll, closed in an afterAll.
 *
 * The handle stands for the gateway from the start, so a file declares it as a `const` and passes it wherever a
 * TestGateway goes; its fields are read from the started gateway each time, and reading one before the beforeAll
 * ran throws instead of handing a test `undefined`. Hooks registered after this call run after the gateway starts,
 * and their afterAll runs before it closes.
 */
export function useTestGateway(...args: Parameters<typeof startTestGateway>): TestGateway {
  let started: TestGateway | undefined
  beforeAll(async () => {
    started = await startTestGateway(...args)
  })
  afterAll(async () => {
    await started?.close()
  })
  const current = () => {
    if (!started) throw new Error('The test gateway is read before its beforeAll ran')
    return started
  }
  return {
    get app() {
      return current().app
    },
    get config(): GatewayConfig {
      return current().config
    },
    get database() {
      return current().database
    },
    close: () => current().close(),
  }
}

/**
 * A client registered on a `useTestGateway` gateway in a beforeAll, after the gateway starts and after the clients
 * asked for before it (so a file registers its clients in the order it names them). Like the gateway, the handle
 * reads the registered client each time and throws when read too early; spreading it copies the registered client.
 */
export function useTestClient(
  gateway: TestGateway,
  algorithms?: JwsAlgorithm[],
  extra?: Record<string, unknown>,
): TestClient {
  let registered: TestClient | undefined
  beforeAll(async () => {
    registered = await registerTestClient(gateway, algorithms, extra)
  })
  const current = () => {
    if (!registered) throw new Error('The test client is read before its beforeAll ran')
    return registered
  }
  return {
    get clientId() {
      return current().clientId
    },
    get keys() {
      return current().keys
    },
    get key() {
      return current().key
    },
  }
}
