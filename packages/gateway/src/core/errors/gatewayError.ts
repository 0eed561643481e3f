import { defineErrors } from '@rampart/entities'
import { gatewayErrors } from './gatewayErrors'

/** One validation failure: where (a JSON Pointer into the request part) and why. */
export type ValidationIssue = { path: string; message: string; keyword?: string; in?: string }

/**
 * The error the gateway answers with: `new GatewayError(code, message, details?)`, the status from the code's row
 * in gatewayErrors.ts. The response body is `{ statusCode, code, message, context? }`: `code` is stable for
 * clients to match on, `message` is for humans, `context` (from `details`, `{ issues }` for 422) carries
 * machine-readable specifics and never secrets.
 */
export class GatewayError extends defineErrors('GatewayError', gatewayErrors)() {}
