import { type FastifyReply, type FastifyRequest, LogController } from 'fastify'

/**
 * One log line per request, when it completes (method, URL, status, time), instead of fastify's two (one on
 * arrival, one on completion): request logs at half the cost on the hot path.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return
    const line = { req: request, res: reply, responseTime: reply.elapsedTime }
    if (error) reply.log.error({ ...line, err: error }, 'request errored')
    else reply.log.info(line, 'request completed')
  }
}
