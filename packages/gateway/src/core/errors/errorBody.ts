/**
 * The one error body of the gateway, the type generated from schemas/gateway/error.schema.json: its `code` is the
 * union of the registry's codes (the schema's enum is generated from gatewayErrors.ts).
 */
export type { ErrorBody } from '../../generated/error'
