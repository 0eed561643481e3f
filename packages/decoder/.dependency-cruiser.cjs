// Import rules of @rampart/decoder's src (issue #23), checked by `pnpm depcruise` in this package.
//
// The decoder is built in layers. A module may import its own layer and the layers below it, never one above:
//
//   1. shared    abi/ (the static ABI decoder), eip712/ (the EIP712Domain type), errors/, generated/ (types
//                from schemas/), caip.ts, hexDigits.ts, limits.ts: primitives that know nothing of decoding.
//   2. erc7730   erc7730/: the ERC-7730 clear-signing engine (descriptors in, wallet display out). It stands on
//                the shared primitives alone, so it can be read, tested and reused without the decoder.
//   3. model     types.ts, context.ts, dataProvider/, descriptors/, display/, resolution/, request/, permit2/:
//                what every decoder shares (its types, context, display fields, resolutions, request values).
//   4. calldata  calldata/: contract calls, their built-in functions and the user operations they carry.
//   5. methods   typedData/, message/, userOperation/: the decoders of each signing method.
//   6. entry     decodeRequest.ts and index.ts, the package's public face.
//
// Inside calldata/, the built-in functions sit below the dispatcher: only decodeCall.ts imports the table of
// built-in functions (builtinFunctions.ts), and no function imports decodeCall.ts. A function that decodes
// inner calls (a batch, a Safe, a user operation) is handed decodeCall through its HandlerInput instead.
//
// Type-only imports count too: a type from a higher layer ties a lower module to it all the same. Tests sit
// above every layer (they may import anything), but take part in the cycle check.

const { relative, sep } = require('node:path')

// Module paths are relative to where depcruise runs: this package (its `depcruise` script) or the repository
// root. Every pattern starts from this package's src/ either way.
const here = relative(process.cwd(), __dirname).split(sep).join('/')
const src = `^${here ? `${here.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/` : ''}src/`

/** Each layer by name: the paths of its modules. Order matters: lowest first. */
const layers = [
  ['shared', `${src}(?:(?:abi|eip712|errors|generated)/|(?:caip|hexDigits|limits)\\.ts$)`],
  ['erc7730', `${src}erc7730/`],
  [
    'model',
    `${src}(?:(?:dataProvider|descriptors|display|resolution|request|permit2)/|(?:types|context)\\.ts$)`,
  ],
  ['calldata', `${src}calldata/`],
  ['methods', `${src}(?:typedData|message|userOperation)/`],
  ['entry', `${src}(?:decodeRequest|index)\\.ts$`],
]

const tests = '\\.(?:test|bench)\\.ts$'

/** For each layer, a rule forbidding its modules to import any module of a layer above it. */
const layerRules = layers.slice(0, -1).map(([name, path], i) => ({
  name: `layer-${name}`,
  comment: `The ${name} layer imports only itself and the layers below it, never ${layers
    .slice(i + 1)
    .map(([above]) => above)
    .join(', ')} (see the top of .dependency-cruiser.cjs).`,
  severity: 'error',
  from: { path, pathNot: tests },
  to: { path: layers.slice(i + 1).map(([, above]) => above) },
}))

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No module may import itself through others: a circle has no layer order to read it in.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    {
      name: 'in-a-layer',
      comment:
        'Every source module belongs to one layer: a new folder or top-level file is placed in the layers above.',
      severity: 'error',
      from: { path: src, pathNot: [tests, ...layers.map(([, path]) => path)] },
      to: {},
    },
    {
      name: 'to-a-layer',
      comment: 'Every imported source module belongs to one layer (as in-a-layer, seen from its importers).',
      severity: 'error',
      from: {},
      to: { path: src, pathNot: [tests, ...layers.map(([, path]) => path)] },
    },
    {
      name: 'calldata-functions-below-dispatch',
      comment:
        'Built-in functions never import the dispatcher (decodeCall.ts) nor its table (builtinFunctions.ts): ' +
        'inner calls are decoded through the decodeCall their HandlerInput hands them.',
      severity: 'error',
      from: { path: `${src}calldata/`, pathNot: [`${src}calldata/decodeCall\\.ts$`, tests] },
      to: { path: `${src}calldata/(?:decodeCall|builtinFunctions)\\.ts$` },
    },
    {
      name: 'erc7730-through-its-index',
      comment:
        'Outside the engine, the ERC-7730 engine is used through erc7730/index.ts, its public face, not its internals.',
      severity: 'error',
      from: { path: src, pathNot: [`${src}erc7730/`, tests] },
      to: { path: `${src}erc7730/`, pathNot: `${src}erc7730/index\\.ts$` },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that does not resolve is a broken build waiting to happen.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // Only this package's src is cruised: dependencies and sibling packages (@rampart/entities, the schemas) are
    // leaves here, with checks of their own.
    doNotFollow: { path: `^(?!${src.slice(1)})` },
    // Type-only imports are dependencies too (see above).
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    // Sibling packages resolve to their TypeScript sources, as in the tests.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@rampart/source', 'import', 'require', 'node', 'default'],
      extensions: ['.ts', '.js', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
