// Usage: pnpm conformance:erc7730 [registry-dir]   (default: ../shared/erc7730 from the repository root)
// Prints one line per failing fixture case and ends with `N passed, M failed`; exits 1 when any case fails.
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { runConformance } from '../src/erc7730/conformance'

const dir = resolve(process.argv[2] ?? '../shared/erc7730')
if (!existsSync(join(dir, 'registry'))) {
  console.error(`No ERC-7730 registry at ${dir} (expected a registry/ folder)`)
  process.exit(2)
}
const { passed, failed } = runConformance(dir, (line) => console.log(line))
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
