// Writes packages/gateway/openapi.json from the gateway's routes; with --check, writes nothing and exits 1 when
// the committed document differs from a fresh generation (CI runs `pnpm openapi:check`).
import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { generateOpenApi } from '../src/app/generateOpenApi'

const target = fileURLToPath(new URL('../openapi.json', import.meta.url))
const document = await generateOpenApi()
if (process.argv.includes('--check')) {
  const committed = await readFile(target, 'utf8').catch(() => '')
  if (committed !== document) {
    console.error(
      'packages/gateway/openapi.json is out of date with the routes: run pnpm --filter @rampart/gateway openapi:generate',
    )
    process.exit(1)
  }
  console.log('packages/gateway/openapi.json is up to date')
} else {
  await writeFile(target, document)
  console.log('packages/gateway/openapi.json written')
}
