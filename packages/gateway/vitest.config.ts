import { defineProject } from 'vitest/config'

// Resolve sibling packages to their TypeScript sources, so nothing needs building before tests run.
const conditions = ['@rampart/source', 'module', 'node', 'development|production']

export default defineProject({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    name: 'gateway',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Browser tests need Chromium; they run with `pnpm test:browser` (see vitest.browser.config.ts).
    exclude: ['test/browser/**'],
    // The files of a worker share one module graph: the gateway, fastify, viem, drizzle, PGlite and their WASM
    // load and compile once per worker instead of once per file (8 gateway files: 58 s of CPU isolated, 32 s not).
    // What a file starts (gateways, databases, nodes) is its own and closed in its afterAll; module-level state is
    // caches and per-request maps keyed by fresh ids.
    isolate: false,
    // Migrates a PGlite template once per run; each test gateway loads its own copy (test/support/globalSetup.ts).
    globalSetup: ['test/support/globalSetup.ts'],
    // Starting a gateway on its database still takes a second or more on a busy machine, and the tests that create
    // a PGlite database themselves (openDatabase, advisoryLock) took over 30 s at a load of 20 on 2 cores.
    hookTimeout: 60_000,
    testTimeout: 60_000,
    benchmark: { include: ['src/**/*.bench.ts', 'bench/**/*.bench.ts', 'test/**/*.bench.ts'] },
  },
})
