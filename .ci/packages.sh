#!/usr/bin/env bash
# Rampart as its users get it (issue #18): build, `pnpm pack` every package, install the tarballs with npm into a
# project outside the repository, then use them from TypeScript (strict, skipLibCheck false) as ES modules and as
# CommonJS, and run the CLI. Once on the machine's Node (20) and once on Node 22.
#   .ci/packages.sh               build first
#   .ci/packages.sh --no-build    use the packages' dist as built (.ci/run builds just before)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
. .ci/tools.sh
PACKAGES=(entities decoder evaluator cli gateway)

[ "${1:-}" = --no-build ] || pnpm build

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/tarballs"
for p in "${PACKAGES[@]}"; do
  (cd "packages/$p" && pnpm pack --pack-destination "$WORK/tarballs" >/dev/null)
done

echo "== what the tarballs hold"
for p in "${PACKAGES[@]}"; do
  tarball="$WORK/tarballs/rampart-$p-$(node -p "require('./packages/$p/package.json').version").tgz"
  listing="$(tar tzf "$tarball")"
  for file in package/package.json package/LICENSE package/README.md package/dist/index.js package/dist/index.cjs \
    package/dist/index.d.ts package/dist/index.d.cts; do
    grep -qx "$file" <<<"$listing" || { echo "@rampart/$p: $file is not in the tarball" >&2; exit 1; }
  done
  # The published manifest: no source condition (src/ is not published), no workspace: range npm cannot resolve.
  node -e '
    const manifest = JSON.parse(process.argv[1])
    if (JSON.stringify(manifest.exports).includes("@rampart/source")) throw new Error(`${manifest.name}: exports`)
    // What the npm page and installers read: the licence, the Node versions, where the source is (npm resolves the
    // README'"'"'s relative links against it), and whether bundlers may drop unused modules.
    const root = require(process.argv[3])
    if (manifest.license !== "Apache-2.0") throw new Error(`${manifest.name}: license ${manifest.license}`)
    if (manifest.engines?.node !== root.engines.node) throw new Error(`${manifest.name}: engines ${manifest.engines?.node}`)
    if (manifest.repository?.url !== root.repository.url || manifest.repository?.directory !== process.argv[2])
      throw new Error(`${manifest.name}: repository ${JSON.stringify(manifest.repository)}`)
    if (manifest.sideEffects === undefined) throw new Error(`${manifest.name}: sideEffects`)
    for (const field of ["dependencies", "peerDependencies", "optionalDependencies"])
      for (const [name, range] of Object.entries(manifest[field] ?? {}))
        if (range.startsWith("workspace:")) throw new Error(`${manifest.name}: ${field} ${name} ${range}`)
  ' "$(tar xzf "$tarball" -O package/package.json)" "packages/$p" "$ROOT/package.json"
done
# The evaluator installs without the decoder, and so without viem: its types carry the intents it reads.
node -e '
  const { dependencies = {}, peerDependencies = {} } = JSON.parse(process.argv[1])
  const names = [...Object.keys(dependencies), ...Object.keys(peerDependencies)]
  if (names.includes("@rampart/decoder") || names.includes("viem")) throw new Error(`evaluator depends on ${names}`)
' "$(tar xzf "$WORK/tarballs/rampart-evaluator-0.1.0.tgz" -O package/package.json)"
echo "ok"

# The consumers, written as a user would. The request is Northwind's treasury sending USDC to an address its
# address book marks external, which its policies forbid.
mkdir -p "$WORK/consumer-src"
cp fixtures/entities/valid/northwind.json "$WORK/consumer-src/entities.json"
cp fixtures/policies/northwind.json "$WORK/consumer-src/policies.json"
node -e 'process.stdout.write(JSON.stringify(require(process.argv[1]).request))' \
  "$ROOT/fixtures/policies/requests/northwind-usdc-to-initech.json" >"$WORK/consumer-src/request.json"

cat >"$WORK/consumer-src/esm.mts" <<'EOF'
import { readFileSync } from 'node:fs'
import { decodeRequest } from '@rampart/decoder'
import { loadEntities } from '@rampart/entities'
import { createEvaluator, type Policy } from '@rampart/evaluator'

const json = (name: string): unknown => JSON.parse(readFileSync(new URL(`../${name}`, import.meta.url), 'utf8'))
const { index, issues } = loadEntities(json('entities.json'), { kind: 'full' })
if (!index) throw new Error(`invalid entities: ${JSON.stringify(issues)}`)
const evaluator = await createEvaluator({ entities: index, policies: json('policies.json') as Policy[] })
const decoded = decodeRequest(json('request.json'), { entities: index })
const { decision } = evaluator.decide({ principal: 'nora.jensen@northwind.example', decoded })
if (decision.decision !== 'Forbid' || decision.decidingPolicy !== 'forbid-external-erc20')
  throw new Error(`unexpected decision: ${JSON.stringify(decision)}`)
console.log(`esm: ${decision.decision} by ${decision.decidingPolicy}`)
EOF

cat >"$WORK/consumer-src/cjs.cts" <<'EOF'
import fs = require('node:fs')
import path = require('node:path')
import decoder = require('@rampart/decoder')
import entities = require('@rampart/entities')
import evaluatorPackage = require('@rampart/evaluator')

const json = (name: string): unknown => JSON.parse(fs.readFileSync(path.join(__dirname, '..', name), 'utf8'))

async function main() {
  const { index, issues } = entities.loadEntities(json('entities.json'), { kind: 'full' })
  if (!index) throw new Error(`invalid entities: ${JSON.stringify(issues)}`)
  const policies = json('policies.json') as evaluatorPackage.Policy[]
  const evaluator = await evaluatorPackage.createEvaluator({ entities: index, policies })
  const decoded = decoder.decodeRequest(json('request.json'), { entities: index })
  const { decision } = evaluator.decide({ principal: 'nora.jensen@northwind.example', decoded })
  if (decision.decision !== 'Forbid' || decision.decidingPolicy !== 'forbid-external-erc20')
    throw new Error(`unexpected decision: ${JSON.stringify(decision)}`)
  console.log(`cjs: ${decision.decision} by ${decision.decidingPolicy}`)
}
main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
EOF

cat >"$WORK/consumer-src/tsconfig.json" <<'EOF'
{
  "compilerOptions": {
    "target": "ES2022",
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    "strict": true,
    "skipLibCheck": false,
    "outDir": "out",
    "types": ["node"]
  },
  "files": ["esm.mts", "cjs.cts"]
}
EOF

PROJECT="$WORK/consumer"
echo "== Node $(node --version): npm i of the tarballs in $PROJECT (${SECONDS}s)"
cp -r "$WORK/consumer-src" "$PROJECT"
cd "$PROJECT"
printf '{ "name": "rampart-consumer", "private": true }\n' >package.json
# Only third-party packages come from the registry: every @rampart/* is one of the tarballs.
npm i --no-audit --no-fund --loglevel=warn "$WORK"/tarballs/*.tgz typescript@~5.9.3 @types/node@^20 2>&1 |
  tee npm-install.log
if grep -q EBADENGINE npm-install.log; then
  echo "a dependency refuses this Node version (EBADENGINE above)" >&2
  exit 1
fi

consume() {
  echo "== Node $(node --version): the consumers (${SECONDS}s)"
  echo "-- tsc (strict, skipLibCheck false)"
  rm -rf out
  npx tsc -p .
  node out/esm.mjs
  node out/cjs.cjs
  echo "-- the CLI"
  npx rampart entities validate entities.json
}

consume

# The same installation on Node 22 (a second npm i costs half a minute and checks nothing more: engines only
# bound below). Its binary comes from the npm registry's node-linux-<arch> package, fetched once (.ci/tools.sh).
PATH="$(node22_bin):$PATH" consume
# pnpm and yarn (1, the one most CI images carry) install the same tarballs. A tarball's @rampart/* dependencies name
# a version, which these resolve from the registry unless told: the overrides point them at the tarballs, as a
# user trying local builds would.
for manager in pnpm yarn; do
  echo "== Node $(node --version): $manager install of the tarballs (${SECONDS}s)"
  OTHER="$WORK/consumer-$manager"
  mkdir -p "$OTHER"
  cp "$WORK/consumer-src/entities.json" "$WORK/consumer-src/policies.json" "$WORK/consumer-src/request.json" "$OTHER/"
  (
    cd "$OTHER"
    node -e '
      const [work, version] = process.argv.slice(1)
      const tarballs = Object.fromEntries(["entities", "decoder", "evaluator", "cli"].map((name) =>
        [`@rampart/${name}`, `file:${work}/tarballs/rampart-${name}-${version}.tgz`]))
      const manifest = { name: "rampart-consumer", private: true, type: "module", dependencies: tarballs,
        resolutions: tarballs, pnpm: { overrides: tarballs } }
      require("node:fs").writeFileSync("package.json", JSON.stringify(manifest, null, 2))
    ' "$WORK" "$(node -p "require('$ROOT/packages/entities/package.json').version")"
    if [ "$manager" = pnpm ]; then
      pnpm install --silent --ignore-workspace
    else
      npm exec --yes yarn@1.22.22 -- install --silent --no-progress --non-interactive
    fi
    node --input-type=module -e '
      import { readFileSync } from "node:fs"
      import { decodeRequest } from "@rampart/decoder"
      import { loadEntities } from "@rampart/entities"
      import { createEvaluator } from "@rampart/evaluator"
      const json = (name) => JSON.parse(readFileSync(name, "utf8"))
      const { index } = loadEntities(json("entities.json"), { kind: "full" })
      const evaluator = await createEvaluator({ entities: index, policies: json("policies.json") })
      const { decision } = evaluator.decide({ principal: "nora.jensen@northwind.example",
        decoded: decodeRequest(json("request.json"), { entities: index }) })
      if (decision.decision !== "Forbid") throw new Error(`unexpected decision: ${JSON.stringify(decision)}`)
      console.log(`'"$manager"': ${decision.decision} by ${decision.decidingPolicy}`)
    '
    ./node_modules/.bin/rampart entities validate entities.json
  )
done
echo "== the packages install and run as their users get them (${SECONDS}s)"
