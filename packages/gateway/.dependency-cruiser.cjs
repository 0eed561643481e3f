// The gateway's import rule, checked by `pnpm depcruise` (root) and by .ci/run among the cheap gates.
//
// src/ is a folder per feature (each a fastify plugin with its routes, logic and unit tests) over one lower layer:
// - core/ (config, database, the keyed lock, errors, HTTP, pagination, OpenAPI, crypto, logging, catalogue) and
//   generated/ (types written from schemas/) import no feature: anything a feature and core both need lives in core.
// - A feature imports core, generated and only the features listed for it in `featureDependencies` below.
// - app/ (the composition root that registers every plugin), bin/ (the commands) and index.ts (the public face)
//   may import any feature; no feature imports them.
// - No circular imports anywhere, and src never imports test code (test/, bench/, *.test.ts, *.bench.ts).

/**
 * The only imports allowed from one feature into another, each with why:
 * - auth: the request-signing check every route uses (`clientOf`, route auth); imports no feature.
 * - providers: the custody provider SPI and the local provider; imports no feature.
 * - resources: the read routes, and resolving an account to its signing address (`resolveSigner`), which grants
 *   (scope checks) and signing (the pipeline) use; needs auth for the client's scope.
 * - connections: a client's provider connections, their sync and transit encryption keys; shows accounts with
 *   resources' `toApi`.
 * - grants: GNAP grants and tokens; a grant's scope names providers and signers.
 * - governance: policy proposals, approvals and versions; applying a version refreshes connections' address books.
 * - clients: the admin client routes; registering a client syncs its connections; an update of a governed client's
 *   policies is refused (governance's liveSet says whether it is governed); an update records what it changed for
 *   every gateway's cached evaluator to follow (signing's clientChangeLog).
 * - signing: the pipeline, the actions and /evaluate; gated by grants, reads accounts through resources, signs
 *   through providers, in the session connections' `ConnectionSessions` opens for the request's connection; decides
 *   a governed client with its live signed policy set (governance's liveSet).
 * - decisionLog: each client's tamper-evident log (appendLogEntry, its table, its export route); imports no feature.
 *   signing appends decisions and approvals to it, clients the changes of policies and entities, governance the
 *   approvals, rejections and applied versions of proposals.
 * - pages: what every HTML page shares (layout, escaping, CSP, CSRF, static assets); imports no feature.
 * - tryit: the try-it page for policy authors; decides through signing's evaluate path, on pages, at grants'
 *   public origin.
 * - demo: provisions a demo client through clients and signs with auth's `signRequest`.
 * - replay: decides a client's recorded requests again under a proposal (governance) or candidate policies, as the
 *   signing pipeline recorded them (its plans and history).
 * - shadow: decides live decisions again under a proposal approved for shadow (governance), hooked into the
 *   signing pipeline's decision observer, summing history as signing does; lists divergences with replay's schemas.
 * - passkeys: WebAuthn enrolment, challenges, assertions, and the passkey pages' script (a page asset) on pages'
 *   layout; adds passkeys to a client's entities through clients' `updateClient`, or for a governed client proposes
 *   them through governance's `createProposal` (governance never imports passkeys).
 * - approvals: the approvals page, on pages (layout, headers, CSRF); verifies assertions through passkeys and
 *   resumes requests through signing.
 * - grants also takes the grant user's proof by passkey, through passkeys.
 */
const featureDependencies = {
  auth: [],
  decisionLog: [],
  providers: [],
  resources: ['auth'],
  connections: ['auth', 'providers', 'resources'],
  pages: [],
  grants: ['auth', 'pages', 'passkeys', 'providers', 'resources'],
  governance: ['connections', 'decisionLog'],
  clients: ['auth', 'connections', 'decisionLog', 'governance', 'signing'],
  signing: ['auth', 'connections', 'decisionLog', 'governance', 'grants', 'providers', 'resources'],
  tryit: ['auth', 'grants', 'pages', 'signing'],
  demo: ['auth', 'clients'],
  replay: ['governance', 'signing'],
  shadow: ['governance', 'replay', 'signing'],
  passkeys: ['clients', 'governance', 'pages'],
  approvals: ['pages', 'passkeys', 'signing'],
}

const lowerLayers = ['core', 'generated']
const topLevel = ['app', 'bin', 'index\\.ts$']

const featureRules = Object.entries(featureDependencies).map(([feature, allowed]) => ({
  name: `feature-${feature}`,
  comment: `${feature}/ imports only ${[...lowerLayers, ...allowed].join(', ')} (see featureDependencies).`,
  severity: 'error',
  from: { path: `^src/${feature}/` },
  to: { path: '^src/', pathNot: `^src/(${[feature, ...lowerLayers, ...allowed].join('|')})/` },
}))

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle means two modules cannot be understood, tested or moved apart.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-imports-no-feature',
      comment: 'core/ and generated/ are the lowest layer: they import nothing else from src/.',
      severity: 'error',
      from: { path: `^src/(${lowerLayers.join('|')})/` },
      to: { path: '^src/', pathNot: `^src/(${lowerLayers.join('|')})/` },
    },
    {
      name: 'nothing-imports-the-top',
      comment:
        'app/, bin/ and index.ts compose the features; a feature or core importing them would be upward.',
      severity: 'error',
      from: { path: '^src/', pathNot: `^src/(${topLevel.join('|')})` },
      to: { path: `^src/(${topLevel.join('|')})` },
    },
    ...featureRules,
    {
      name: 'feature-is-known',
      comment:
        'A new folder under src/ needs its place in this file: core, a feature with its dependencies, or top.',
      severity: 'error',
      from: { path: '^src/[^/]+/' },
      to: {
        path: '^src/[^/]+/',
        pathNot: `^src/(${[...lowerLayers, ...topLevel, ...Object.keys(featureDependencies)].join('|')})`,
      },
    },
    {
      name: 'src-imports-no-test-code',
      comment: 'Shipped code must not depend on tests, benches or their helpers.',
      severity: 'error',
      from: { path: '^src/', pathNot: '\\.(test|bench)\\.ts$' },
      to: { path: '^(test|bench)/|\\.(test|bench)\\.ts$' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that does not resolve is a typo or a missing dependency.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // Other packages are checked by their own config; here they are only resolved (through their source entry).
    doNotFollow: { path: ['node_modules', '^\\.\\./'] },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      conditionNames: ['@rampart/source', 'import', 'require', 'node', 'default'],
      exportsFields: ['exports'],
      extensions: ['.ts', '.js', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
