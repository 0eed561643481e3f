/**
 * Log paths whose values are secrets. fastify logs request headers only through these serializers' paths, and
 * bodies are never logged; the list still covers both in case a log line includes them.
 */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers["detached-jws"]',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'headers.authorization',
  'headers["detached-jws"]',
  'headers["x-api-key"]',
  'body.encryptedCredentials',
  'body.credentials',
  'credentials',
  'encryptedCredentials',
  'masterKey',
  'adminApiKey',
  'attestationKey',
  'privateKey',
  'passphrase',
  'mnemonic',
  '*.passphrase',
  '*.mnemonic',
  '*.privateKey',
  '*.credentials',
]
