import gatewayPackage from '../../../package.json'

/** The parts of the OpenAPI document that do not come from the routes. */
export const openApiInfo = {
  openapi: '3.1.0',
  info: {
    title: 'Rampart gateway',
    // The document describes this package's API: its version is the package's.
    version: gatewayPackage.version,
    description:
      'An HTTP gateway in front of custody providers. Every client request carries `x-client-id` and a `detached-jws` header: a GNAP detached JWS (RFC 9635 §7.3.3) whose protected header holds alg (ES256K, ES256, EdDSA or RS256), kid, typ `gnap-binding-jwsd`, htm, uri, created and, with an `Authorization: GNAP` token, ath; its payload is the base64url SHA-256 of the exact body bytes (of no bytes for a request without a body). Errors share one body: `{statusCode, code, message, context?}`. A method a path does not declare answers 405 with an `Allow` header and that body (code `METHOD_NOT_ALLOWED`); an unknown path answers 404 (`ROUTE_NOT_FOUND`).',
    license: { name: 'Apache-2.0' },
  },
  components: {
    securitySchemes: {
      clientId: { type: 'apiKey' as const, in: 'header' as const, name: 'x-client-id' },
      detachedJws: { type: 'apiKey' as const, in: 'header' as const, name: 'detached-jws' },
      gnap: {
        type: 'apiKey' as const,
        in: 'header' as const,
        name: 'Authorization',
        description: 'GNAP <access token>',
      },
      adminApiKey: { type: 'apiKey' as const, in: 'header' as const, name: 'x-api-key' },
    },
  },
  security: [{ clientId: [], detachedJws: [] }],
  tags: [
    { name: 'Admin', description: 'Client registration, with the admin API key' },
    { name: 'Vault', description: 'Transit encryption keys' },
    { name: 'Connections', description: 'Connections to custody providers' },
    { name: 'Wallets' },
    { name: 'Accounts' },
    { name: 'Addresses' },
    { name: 'Networks and assets', description: 'The catalogue' },
    { name: 'Known destinations' },
    { name: 'Grants', description: 'GNAP grants and access tokens (RFC 9635)' },
    {
      name: 'EVM',
      description: 'EVM transactions, messages and typed data, decided by the policies before signing',
    },
    { name: 'Transfers', description: 'Native and token transfers, decided by the policies before signing' },
    {
      name: 'Raw signing',
      description: 'Signatures over raw payloads, decided by the policies before signing',
    },
    { name: 'Staking', description: 'Ethereum staking, decided by the policies before signing' },
    { name: 'Evaluate', description: 'A decision without signing' },
    { name: 'System' },
  ],
}
