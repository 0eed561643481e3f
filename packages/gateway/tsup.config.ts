import { defineConfig } from 'tsup'
import { commandBuild, packageBuild } from '../../.config/tsup.base'

export default defineConfig([
  {
    ...packageBuild,
    entry: ['src/index.ts'],
    clean: ['!bin/**'],
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
  },
  { ...commandBuild, entry: ['src/bin/start.ts', 'src/bin/request.ts'], outDir: 'dist/bin' },
])
