// Writes the `code` enum of schemas/gateway/error.schema.json and the README's table of codes from the gateway's
// error registry; with --check, writes nothing and exits 1 when either differs (CI's cheap gates run
// `pnpm errors:check`). Run `pnpm types:generate` after it: the enum is in the generated ErrorBody type.
import { readFile, writeFile } from 'node:fs/promises'
import { errorSchemaPath, errorSchemaText, readmePath, readmeText } from './errorDocs'

const check = process.argv.includes('--check')
let drifted = 0
for (const [path, generate] of [
  [errorSchemaPath, errorSchemaText],
  [readmePath, readmeText],
] as const) {
  const current = await readFile(path, 'utf8')
  const fresh = generate(current)
  if (fresh === current) continue
  if (check) {
    drifted++
    console.error(`${path.pathname} is out of date with the gateway error registry: run pnpm errors:generate`)
  } else {
    await writeFile(path, fresh)
    console.log(`${path.pathname} written`)
  }
}
if (drifted > 0) process.exit(1)
