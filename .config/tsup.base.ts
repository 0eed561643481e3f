import type { Options } from 'tsup'

/** What every package's build shares: ES modules for Node 20 with source maps, into an emptied dist. */
export const packageBuild: Options = {
  format: ['esm'],
  clean: true,
  sourcemap: true,
  target: 'node20',
  // Schemas are JSON data: inline them so plain Node never needs JSON import attributes.
  noExternal: ['@rampart/schemas', '@rampart/policies'],
}

/**
 * Type declarations built with the repository's compiler options (Bundler resolution, strict). The path is
 * relative to the package, where tsup runs.
 */
export const repositoryDeclarations: Options = { dts: true, tsconfig: '../../tsconfig.base.json' }
