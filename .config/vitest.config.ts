import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// The repository's top level is kept to the layout in the README, so the root
// vitest config lives here and points its root back at the checkout.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    projects: ['packages/*'],
  },
})
