import { defineConfig } from 'tsup'

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
  // Type declarations are built with the repository's compiler options (Bundler resolution, strict).
  tsconfig: '../../tsconfig.base.json',
  // Schemas are JSON data: inline them so plain Node never needs JSON import attributes.
  noExternal: ['@rampart/schemas', '@rampart/policies'],
})
