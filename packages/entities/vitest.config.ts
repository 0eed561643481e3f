import { defineProject } from 'vitest/config'

// Resolve sibling packages to their TypeScript sources, so nothing needs building before tests run.
const conditions = ['@rampart/source', 'module', 'node', 'development|production']

export default defineProject({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    name: 'entities',
    // A file's first test pays for loading modules (the evaluator's WASM, viem, ajv's compiled schemas): seconds of
    // CPU while the other worker keeps the other core busy. A hung test still fails, at 20 s rather than 5 s.
    testTimeout: 20_000,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    benchmark: { include: ['src/**/*.bench.ts', 'bench/**/*.bench.ts'] },
    // Lets the bench collect garbage before each memory reading, so the figures are what is retained.
    execArgv: ['--expose-gc'],
  },
})
