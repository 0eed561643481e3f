import type { Options } from 'tsup'

/**
 * What every package's build shares: ES modules and CommonJS (for `require`) for Node 20 with source maps, into an
 * emptied dist. `shims` gives the CommonJS build an `import.meta.url` (the evaluator finds its WASM with it).
 */
export const packageBuild: Options = {
  format: ['esm', 'cjs'],
  shims: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
  // Schemas are JSON data: inline them so plain Node never needs JSON import attributes.
  noExternal: ['@rampart/schemas', '@rampart/policies'],
}

/**
 * A package's commands (its `bin`): ES modules only, since they await at top level, which CommonJS cannot. They
 * build beside the library into the same dist, so they clean nothing, and the library's clean spares them.
 */
export const commandBuild: Options = { ...packageBuild, format: ['esm'], clean: false, dts: false }

/**
 * Type declarations built with the repository's compiler options (Bundler resolution, strict). The path is
 * relative to the package, where tsup runs.
 */
export const repositoryDeclarations: Options = { dts: true, tsconfig: '../../tsconfig.base.json' }
