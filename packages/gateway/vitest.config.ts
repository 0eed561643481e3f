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
    // Creating a PGlite database (once per file) takes seconds on a busy machine.
    hookTimeout: 60_000,
    testTimeout: 30_000,
    benchmark: { include: ['src/**/*.bench.ts', 'bench/**/*.bench.ts'] },
  },
})
