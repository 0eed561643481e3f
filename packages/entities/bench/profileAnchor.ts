// Runs one operation on the anchor-shaped document (anchorOrganization.bench.ts) many times, for a CPU profile
// whose self times say where the time goes, which a bench's median cannot:
//
//   cd packages/entities
//   node --cpu-prof --cpu-prof-dir=/tmp/anchor-profile --conditions @rampart/source --import tsx \
//     bench/profileAnchor.ts loadEntities 20
//
// The operation is `loadEntities` (the default), `parseEntitiesJson` or `JSON.parse`. tsx puts each module on one
// line, so a profile's line numbers say little; bundle the package first (esbuild src/index.ts --bundle) for them.
import { parseEntitiesJson } from '../src/parseEntitiesJson'
import { loadEntities } from '../src/validateEntities'
import { generateAnchorOrganization } from './generateAnchorOrganization'

const operations: Record<string, (text: string, doc: unknown) => unknown> = {
  loadEntities: (_text, doc) => {
    if (!loadEntities(doc).valid) throw new Error('the anchor document is invalid')
  },
  parseEntitiesJson: (text) => parseEntitiesJson(text),
  'JSON.parse': (text) => JSON.parse(text),
}

const [name = 'loadEntities', rounds = '20'] = process.argv.slice(2)
const operation = operations[name]
if (!operation) throw new Error(`unknown operation ${name}: one of ${Object.keys(operations).join(', ')}`)
const text = JSON.stringify(generateAnchorOrganization())
const doc = JSON.parse(text)
const started = performance.now()
for (let round = 0; round < Number(rounds); round++) operation(text, doc)
console.log(`${name}: ${((performance.now() - started) / Number(rounds)).toFixed(1)} ms a round`)
