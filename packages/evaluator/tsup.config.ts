import { defineConfig } from 'tsup'
import { packageBuild, repositoryDeclarations } from '../../.config/tsup.base'

export default defineConfig({
  ...packageBuild,
  ...repositoryDeclarations,
  // The evaluator's types name the decoder's Intent, but its code never loads the decoder: the declarations carry
  // those types themselves, so that installing the evaluator needs neither the decoder nor viem.
  dts: { resolve: ['@rampart/decoder'] },
  entry: ['src/index.ts'],
})
