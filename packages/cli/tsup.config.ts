import { defineConfig } from 'tsup'
import { commandBuild, packageBuild, repositoryDeclarations } from '../../.config/tsup.base'

export default defineConfig([
  { ...packageBuild, ...repositoryDeclarations, entry: ['src/index.ts'], clean: ['!bin.*'] },
  { ...commandBuild, entry: ['src/bin.ts'] },
])
