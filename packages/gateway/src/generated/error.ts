/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * The one error body of the gateway. `code` is stable; `message` is for humans; `context` carries specifics (for 422, `issues` with a JSON Pointer each). 500 bodies never carry context.
 */
export interface ErrorBody {
  statusCode: number
  code: string
  message: string
  context?: {
    [k: string]: unknown
  }
}
