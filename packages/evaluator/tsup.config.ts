import { defineConfig } from 'tsup'
import { packageBuild, repositoryDeclarations } from '../../.config/tsup.base'

export default defineConfig({ ...packageBuild, ...repositoryDeclarations, entry: ['src/index.ts'] })
