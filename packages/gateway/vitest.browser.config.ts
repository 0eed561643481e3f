import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// Tests that drive Debian's Chromium (installed by .ci/run); `pnpm test:browser` runs them, `pnpm test` does not.
const conditions = ['@rampart/source', 'module', 'node', 'development|production']

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    name: 'gateway-browser',
    include: ['test/browser/**/*.browser.test.ts'],
    hookTimeout: 120_000,
    testTimeout: 60_000,
  },
})
