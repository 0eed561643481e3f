import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// The repository's top level is kept to the layout in the README, so the root vitest config lives here and points
// its root back at the checkout.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    projects: ['packages/*'],
    // One worker per core. Vitest's default leaves one core to its main process (cores - 1), which on a 2-core
    // machine ran every file one after the other: `pnpm test` used 141% CPU. The main process mostly waits.
    // --maxWorkers or VITEST_MAX_WORKERS still choose otherwise.
    maxWorkers: availableParallelism(),
  },
})
