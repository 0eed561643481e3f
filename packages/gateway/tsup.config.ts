import { defineConfig } from 'tsup'

export default defineConfig({
  entry: ['src/index.ts', 'src/bin/start.ts', 'src/bin/request.ts'],
  format: ['esm'],
  dts: {
    entry: 'src/index.ts',
    compilerOptions: {
      moduleResolution: 'bundler',
      module: 'esnext',
      resolveJsonModule: true,
      skipLibCheck: true,
      strict: true,
    },
  },
  clean: true,
  sourcemap: true,
  target: 'node20',
  // Schemas are JSON data: inline them so plain Node never needs JSON import attributes.
  noExternal: ['@rampart/schemas', '@rampart/policies'],
})
