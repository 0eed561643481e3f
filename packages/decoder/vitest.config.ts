import { defineProject } from 'vitest/config'

// Resolve sibling packages to their TypeScript sources, so nothing needs building before tests run.
const conditions = ['@rampart/source', 'module', 'node', 'development|production']

export default defineProject({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    name: 'decoder',
    // A file's first test pays for loading modules (the evaluator's WASM, viem, ajv's compiled schemas): seconds of
    // CPU while the other worker keeps the other core busy. A hung test still fails, at 20 s rather than 5 s.
    testTimeout: 20_000,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The files of a worker share one module graph: viem, ajv, the policy WASM and the decoder's registries load once
    // per worker instead of once per file (the four libraries' suite: 71 s isolated, 28 s not). A file that mocks a
    // module loads what imports it again after the mock (vi.resetModules, then import()).
    isolate: false,
    benchmark: { include: ['src/**/*.bench.ts', 'bench/**/*.bench.ts'] },
  },
})
