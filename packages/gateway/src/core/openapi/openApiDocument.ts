/** The parts of the OpenAPI document that do not come from the routes. */
export const openApiInfo = {
  openapi: '3.1.0',
  info: {
    title: 'Rampart gateway',
    version: '1.0.0',
    description:
      'An HTTP gateway in front of custody providers. Every client request carries `x-client-id` and a `detached-jws` header: a GNAP detached JWS (RFC 9635 §7.3.3) whose protected header holds alg (ES256K, ES256, EdDSA or RS256), kid, typ `gnap-binding-jwsd`, htm, uri, created and, with an `Authorization: GNAP` token, ath; its payload is the base64url SHA-256 of the exact body bytes (of no bytes for a request without a body). Errors share one body: `{statusCode, code, message, context?}`.',
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
    { name: 'System' },
  ],
}
