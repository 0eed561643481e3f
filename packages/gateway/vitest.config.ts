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
    // Migrates a PGlite template once per run; each test gateway loads its own copy (test/support/globalSetup.ts).
    globalSetup: ['test/support/globalSetup.ts'],
    // Starting a gateway on its database still takes a second or more on a busy machine.
    hookTimeout: 60_000,
    testTimeout: 30_000,
    benchmark: { include: ['src/**/*.bench.ts', 'bench/**/*.bench.ts', 'test/**/*.bench.ts'] },
  },
})
