import { and, eq, lt, notExists, notInArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { signingRequests } from '../../core/database/actionsSchema'
import { signingFollowUps } from '../follow/followSchema'
import type { SigningServices } from './signingServices'

/** The failure an interrupted request is left with: its outcome at the provider is unknown, and it says so. */
export const interruptedFailure = {
  code: 'INTERRUPTED',
  message:
    'The gateway stopped before the provider answered, so whether the provider signed is unknown. Check with the provider before asking again.',
  statusCode: 502,
}

/**
 * Ends the requests a gateway left in `processing`: a process that stops (crash, deploy, power) between the claim
 * and the provider's answer would otherwise leave them there forever. A request counts as interrupted once it has
 * not moved for `olderThanSeconds` (longer than any provider call may take, so another gateway on the same
 * database that is still waiting is not overtaken) and no provider call for it is under way in this gateway. It
 * becomes `failed` with code INTERRUPTED: terminal and readable, never lost. Returns the request ids it ended.
 */
export async function recoverInterruptedRequests(
  services: Pick<SigningServices, 'db' | 'log' | 'withProvider' | 'clock'>,
  olderThanSeconds: number,
  now = services.clock(),
): Promise<string[]> {
  const cutoff = new Date(now.getTime() - olderThanSeconds * 1000)
  const inFlight = [...services.withProvider]
  const ended = await services.db
    .update(signingRequests)
    .set({ status: 'failed', failure: interruptedFailure, updatedAt: now })
    .where(
      and(
        eq(signingRequests.status, 'processing'),
        lt(signingRequests.updatedAt, cutoff),
        // A request an asynchronous custodian holds (or may hold) is the follower's: it knows how to find out.
        notExists(
          services.db
            .select({ rowId: signingFollowUps.rowId })
            .from(signingFollowUps)
            .where(eq(signingFollowUps.rowId, signingRequests.rowId)),
        ),
        ...(inFlight.length > 0 ? [notInArray(signingRequests.rowId, inFlight)] : []),
      ),
    )
    .returning({ requestId: signingRequests.requestId, kind: signingRequests.kind })
  if (ended.length > 0) {
    services.log.warn(
      { requests: ended },
      'signing requests interrupted before the provider answered marked failed',
    )
  }
  return ended.map((row) => row.requestId)
}

/**
 * Runs the sweep when the gateway starts and then four times per `olderThanSeconds`, until it closes; 0 runs none. A failed sweep (the
 * database briefly away) is logged and tried again at the next tick; it never stops the gateway.
 */
export function scheduleInterruptedRequestRecovery(
  app: FastifyInstance,
  services: SigningServices,
  olderThanSeconds: number,
) {
  if (olderThanSeconds <= 0) return
  const sweep = () =>
    recoverInterruptedRequests(services, olderThanSeconds).catch((error: unknown) => {
      services.log.warn({ err: error }, 'the interrupted-request sweep failed; it runs again later')
    })
  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    await sweep()
    timer = setInterval(sweep, Math.max(10, Math.floor(olderThanSeconds / 4)) * 1000)
    timer.unref()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}
