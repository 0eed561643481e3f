/** The one error body of the gateway. */
export type ErrorBody = {
  statusCode: number
  code: string
  message: string
  context?: Record<string, unknown>
}
