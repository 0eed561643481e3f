import { defineConfig } from 'tsup'
import { packageBuild } from '../../.config/tsup.base'

export default defineConfig({
  ...packageBuild,
  entry: ['src/index.ts', 'src/bin/start.ts', 'src/bin/request.ts'],
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
})
