import { afterAll, beforeAll } from 'vitest'
import type { JwsAlgorithm } from '../../src/core/crypto/jwsAlgorithms'
import type { LocalProviderOptions } from '../../src/providers'
import {
  type FakeEthereumNode,
  type FakeEthereumNodeOptions,
  startFakeEthereumNode,
} from './fakeEthereumNode'
import {
  countingLocalProvider,
  registerSigningClient,
  type SigningClientOptions,
  type SigningSetup,
  startSigningGateway,
} from './signingClient'
import { registerTestClient, startTestGateway, type TestClient, type TestGateway } from './testGateway'

/**
 * Something a file (or the describe it is called in) starts in a beforeAll and, given `stop`, stops in an afterAll.
 *
 * The handle stands for it from the start, so a file declares it as a `const` and passes it wherever the started
 * value goes: each field (one per key of `fields`, which the type makes complete) is read from the started value
 * when it is read and written to it when a test sets it, and using one before the beforeAll ran throws instead of
 * handing a test `undefined`. Spreading the handle copies the started value's fields. Hooks registered after the
 * call run after it starts, and their afterAll runs before it stops.
 */
function startedForTests<T extends object>(
  what: string,
  fields: Record<keyof T, true>,
  start: () => Promise<T>,
  stop?: (started: T) => Promise<void>,
): T {
  let started: T | undefined
  beforeAll(async () => {
    started = await start()
  })
  if (stop) {
    afterAll(async () => {
      if (started) await stop(started)
    })
  }
  const current = () => {
    if (!started) throw new Error(`${what} is read before its beforeAll ran`)
    return started
  }
  const handle = {} as T
  for (const key of Object.keys(fields) as (keyof T)[]) {
    Object.defineProperty(handle, key, {
      enumerable: true,
      get: () => {
        const value = current()[key]
        // A method is called on the started value, not on the handle.
        return typeof value === 'function' ? value.bind(current()) : value
      },
      set: (value: T[keyof T]) => {
        current()[key] = value
      },
    })
  }
  return handle
}

/** The test gateway of a file: started in a beforeAll, closed in an afterAll. */
export function useTestGateway(...args: Parameters<typeof startTestGateway>): TestGateway {
  return startedForTests(
    'The test gateway',
    { app: true, config: true, database: true, close: true },
    () => startTestGateway(...args),
    (gateway) => gateway.close(),
  )
}

/**
 * A client registered on a `useTestGateway` gateway in a beforeAll: after the gateway starts, and after the clients
 * asked for before it, so a file registers its clients in the order it names them.
 */
export function useTestClient(
  gateway: TestGateway,
  algorithms?: JwsAlgorithm[],
  extra?: Record<string, unknown>,
): TestClient {
  return startedForTests('A test client', { clientId: true, keys: true, key: true }, () =>
    registerTestClient(gateway, algorithms, extra),
  )
}

type SigningOptions = Parameters<typeof startSigningGateway>[0]

/**
 * The signing gateway of a file (see `startSigningGateway`): started in a beforeAll, closed in an afterAll. Options
 * that need what an earlier beforeAll started (a node's URL) are given as a function, read when the gateway starts.
 */
export function useSigningGateway(options: SigningOptions | (() => SigningOptions)): SigningSetup {
  return startedForTests(
    'The signing gateway',
    {
      gateway: true,
      client: true,
      entities: true,
      connectionId: true,
      calls: true,
      accounts: true,
      approvers: true,
      call: true,
    },
    () => startSigningGateway(typeof options === 'function' ? options() : options),
    (setup) => setup.gateway.close(),
  )
}

export type SharedSigningGateway = TestGateway & { callsOf: (clientId: string) => Record<string, number> }

/**
 * One gateway with a counting local provider that several signing clients share (see `useSigningClient`): a file
 * whose tests need different policies builds one gateway, not one per policy set. Provider options that need what
 * an earlier beforeAll started (a node's URL) are given as a function.
 */
export function useSharedSigningGateway(
  providerOptions: LocalProviderOptions | (() => LocalProviderOptions) = {},
): SharedSigningGateway {
  return startedForTests(
    'The shared signing gateway',
    { app: true, config: true, database: true, close: true, callsOf: true },
    async () => {
      const { provider, callsOf } = countingLocalProvider(
        typeof providerOptions === 'function' ? providerOptions() : providerOptions,
      )
      return { ...(await startTestGateway({}, { providers: [provider] })), callsOf }
    },
    (gateway) => gateway.close(),
  )
}

/**
 * A signing client of a shared gateway (see `registerSigningClient`), registered in a beforeAll of the file or
 * describe it is called in; its `calls` count its own provider calls only.
 */
export function useSigningClient(gateway: SharedSigningGateway, options: SigningClientOptions): SigningSetup {
  return startedForTests(
    'A signing client',
    {
      gateway: true,
      client: true,
      entities: true,
      connectionId: true,
      calls: true,
      accounts: true,
      approvers: true,
      call: true,
    },
    () => registerSigningClient(gateway, options, gateway.callsOf),
  )
}

/** A fake Ethereum node (see `startFakeEthereumNode`): started in a beforeAll, closed in an afterAll. */
export function useFakeEthereumNode(options: FakeEthereumNodeOptions): FakeEthereumNode {
  return startedForTests(
    'The fake Ethereum node',
    {
      url: true,
      received: true,
      calls: true,
      chainId: true,
      baseFeePerGas: true,
      reject: true,
      stallMs: true,
      reset: true,
      close: true,
    },
    () => startFakeEthereumNode(options),
    (node) => node.close(),
  )
}
