import { and, asc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm'
import { type SigningRequestRow, signingRequests } from '../../core/database/actionsSchema'
import { isProviderError } from '../../core/errors/providerErrors'
import { outcomeUnknown } from '../../providers/http/providerFailure'
import { isSubmitted } from '../../providers/submitted'
import type { FollowedRequest, ProviderSession } from '../../providers/types'
import { replaceMovements } from '../pipeline/limitMovements'
import type { Outcome, Plan, SigningAction } from '../pipeline/signingAction'
import type { SigningServices } from '../pipeline/signingServices'
import { type FollowUpRow, signingFollowUps } from './followSchema'

// biome-ignore lint/suspicious/noExplicitAny: actions of every body type, looked up by the kind a record names.
export type ActionsByKind = ReadonlyMap<string, SigningAction<any>>

type Failure = { code: string; message: string; statusCode: number }

/** The wait before the next check of a request that did not change: doubling, capped, with jitter. */
export function nextDelayMs(
  attempts: number,
  follow: SigningServices['follow'],
  random = Math.random,
): number {
  const ceiling = Math.min(follow.maxDelayMs, follow.firstDelayMs * 2 ** Math.min(attempts, 30))
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}

/** Takes a due follow-up for this gateway until the lease ends; undefined when another gateway took it first. */
async function claim(services: SigningServices, followUp: FollowUpRow, now: Date) {
  const [claimed] = await services.db
    .update(signingFollowUps)
    .set({ leasedUntil: new Date(now.getTime() + services.follow.sendingGraceMs) })
    .where(
      and(
        eq(signingFollowUps.rowId, followUp.rowId),
        eq(signingFollowUps.nextCheckAt, followUp.nextCheckAt),
        or(isNull(signingFollowUps.leasedUntil), lt(signingFollowUps.leasedUntil, now)),
      ),
    )
    .returning()
  return claimed
}

async function reschedule(
  services: SigningServices,
  followUp: FollowUpRow,
  values: { attempts: number; externalId?: string | null; phase?: string },
) {
  const now = services.clock()
  await services.db
    .update(signingFollowUps)
    .set({
      ...values,
      nextCheckAt: new Date(now.getTime() + nextDelayMs(values.attempts, services.follow)),
      leasedUntil: null,
      updatedAt: now,
    })
    .where(eq(signingFollowUps.rowId, followUp.rowId))
}

/** Ends a followed request as the custodian ended it: its outcome recorded, its follow-up gone, in one transaction. */
async function finish(
  services: SigningServices,
  request: SigningRequestRow,
  values: {
    status: string
    result?: Record<string, unknown>
    failure?: Failure
    history?: Outcome['history']
  },
) {
  await services.db.transaction(async (tx) => {
    const failed = values.status === 'failed'
    // Only a request still processing moves: another gateway may have ended it first.
    const [moved] = await tx
      .update(signingRequests)
      .set({
        status: values.status,
        ...(values.result ? { result: values.result } : {}),
        ...(values.failure ? { failure: values.failure } : {}),
        ...(failed
          ? { history: null }
          : values.history
            ? { history: values.history as unknown as Record<string, unknown>[] }
            : {}),
        updatedAt: services.clock(),
      })
      .where(and(eq(signingRequests.rowId, request.rowId), eq(signingRequests.status, 'processing')))
      .returning({ rowId: signingRequests.rowId })
    // Nothing was moved by a request the custodian failed: it stops counting for limits.
    if (moved && failed) await replaceMovements(tx, request.rowId, request.clientId, null)
    if (moved && values.history) await replaceMovements(tx, request.rowId, request.clientId, values.history)
    await tx.delete(signingFollowUps).where(eq(signingFollowUps.rowId, request.rowId))
  })
}

/** Records a custodian's status that is not final yet, verbatim, when it changed. */
async function recordProgress(services: SigningServices, request: SigningRequestRow, state: FollowedRequest) {
  const result = request.result ?? {}
  if (result.externalId === state.externalId && result.externalStatus === state.externalStatus) return false
  await services.db
    .update(signingRequests)
    .set({
      result: { ...result, externalId: state.externalId, externalStatus: state.externalStatus },
      updatedAt: services.clock(),
    })
    .where(and(eq(signingRequests.rowId, request.rowId), eq(signingRequests.status, 'processing')))
  return true
}

/** Applies where the custodian says the request stands: ended (signed or failed) or still on its way. */
async function apply(
  services: SigningServices,
  action: SigningAction<{ idempotenceId: string }>,
  request: SigningRequestRow,
  followUp: FollowUpRow,
  state: FollowedRequest,
) {
  const plan = request.plan as unknown as Plan
  if (state.status === 'completed') {
    if (state.result === undefined || !action.completed) {
      throw new Error('a completed request without its result')
    }
    const outcome = action.completed(plan, request.body as { idempotenceId: string }, state.result as never)
    return finish(services, request, {
      status: outcome.status,
      result: { ...outcome.result, externalId: state.externalId, externalStatus: state.externalStatus },
      ...(outcome.history ? { history: outcome.history } : {}),
    })
  }
  if (state.status === 'failed' || state.status === 'rejected' || state.status === 'cancelled') {
    return finish(services, request, {
      status: 'failed',
      result: {
        ...(request.result ?? {}),
        externalId: state.externalId,
        externalStatus: state.externalStatus,
      },
      failure: {
        code: 'PROVIDER_REJECTED',
        message: state.reason ?? `The custodian ended the request ${state.externalStatus}`,
        statusCode: 502,
      },
    })
  }
  const changed = await recordProgress(services, request, state)
  return reschedule(services, followUp, {
    attempts: changed ? 0 : followUp.attempts + 1,
    externalId: state.externalId,
    phase: 'submitted',
  })
}

/**
 * A create whose answer was never heard, and which the custodian does not know under its key: it never arrived,
 * so it is sent again, with the same key (a custodian that got it meanwhile answers the first request).
 */
async function sendAgain(
  services: SigningServices,
  action: SigningAction<{ idempotenceId: string }>,
  session: ProviderSession,
  request: SigningRequestRow,
  followUp: FollowUpRow,
): Promise<{ state: FollowedRequest } | { outcome: Outcome }> {
  services.withProvider.add(request.rowId)
  try {
    const answer = await action.execute(
      session,
      request.plan as unknown as Plan,
      request.body as { idempotenceId: string },
      {
        idempotencyKey: followUp.idempotencyKey,
      },
    )
    if (!isSubmitted(answer)) return { outcome: answer }
    return {
      state: { externalId: answer.externalId, externalStatus: answer.externalStatus, status: answer.status },
    }
  } finally {
    services.withProvider.delete(request.rowId)
  }
}

/** One check of one followed request. */
async function check(services: SigningServices, actions: ActionsByKind, followUp: FollowUpRow) {
  const [request] = await services.db
    .select()
    .from(signingRequests)
    .where(eq(signingRequests.rowId, followUp.rowId))
  if (request?.status !== 'processing') {
    await services.db.delete(signingFollowUps).where(eq(signingFollowUps.rowId, followUp.rowId))
    return
  }
  const action = actions.get(request.kind)
  const expiresAt = request.createdAt.getTime() + services.follow.maxFollowHours * 3_600_000
  if (!action?.operation || services.clock().getTime() > expiresAt) {
    return finish(services, request, {
      status: 'failed',
      failure: {
        code: 'PROVIDER_UNAVAILABLE',
        message: action?.operation
          ? `The custodian has not ended the request in ${services.follow.maxFollowHours} hours; the gateway stopped following it. Check it at the custodian before asking again.`
          : 'The gateway cannot follow this kind of request',
        statusCode: 502,
      },
    })
  }
  const session = await services.sessions.sessionFor(request.clientId, request.connectionId)
  if (!session.followRequest) throw new Error(`the provider ${request.provider} does not follow requests`)
  const plan = request.plan as unknown as Plan
  const signer = {
    accountExternalId: plan.signer.accountExternalId,
    ...(plan.signer.addressExternalId ? { addressExternalId: plan.signer.addressExternalId } : {}),
  }
  const found = await session.followRequest({
    operation: action.operation,
    externalId: followUp.externalId,
    idempotencyKey: followUp.idempotencyKey,
    signer,
  })
  if (found !== null) return apply(services, action, request, followUp, found)
  let again: { state: FollowedRequest } | { outcome: Outcome }
  try {
    again = await sendAgain(services, action, session, request, followUp)
  } catch (error) {
    if (outcomeUnknown(error) || !isProviderError(error)) throw error
    // The custodian refused the create outright: nothing was made.
    return finish(services, request, {
      status: 'failed',
      failure: { code: error.code, message: error.message, statusCode: error.httpStatus ?? 502 },
    })
  }
  if ('outcome' in again) {
    const { outcome } = again
    return finish(services, request, {
      status: outcome.status,
      result: {
        ...outcome.result,
        externalId: outcome.externalId ?? null,
        externalStatus: outcome.externalStatus ?? null,
      },
      ...(outcome.history ? { history: outcome.history } : {}),
    })
  }
  return apply(services, action, request, { ...followUp, externalId: again.state.externalId }, again.state)
}

/**
 * Checks the followed requests that are due (at most `limit`), each held by this gateway while it checks it. A
 * check that fails (the custodian or the network away) is tried again later, at a longer wait; it never ends the
 * request. Returns how many were checked.
 */
export async function followDueRequests(
  services: SigningServices,
  actions: ActionsByKind,
  options: { limit?: number; rowIds?: string[] } = {},
): Promise<number> {
  const now = services.clock()
  const due = await services.db
    .select()
    .from(signingFollowUps)
    .where(
      and(
        lte(signingFollowUps.nextCheckAt, now),
        or(isNull(signingFollowUps.leasedUntil), lt(signingFollowUps.leasedUntil, now)),
        options.rowIds === undefined ? undefined : inArray(signingFollowUps.rowId, options.rowIds),
      ),
    )
    .orderBy(asc(signingFollowUps.nextCheckAt))
    .limit(options.limit ?? 20)
  let checked = 0
  for (const followUp of due) {
    // A create under way in this gateway is its caller's until it answers.
    if (services.withProvider.has(followUp.rowId)) continue
    const claimed = await claim(services, followUp, now)
    if (!claimed) continue
    checked += 1
    try {
      await check(services, actions, claimed)
    } catch (error) {
      services.log.warn(
        {
          err: isProviderError(error) ? { code: error.code, message: error.message } : error,
          rowId: claimed.rowId,
        },
        'checking a request at its custodian failed; it is checked again later',
      )
      await reschedule(services, claimed, { attempts: claimed.attempts + 1 }).catch(() => {})
    }
  }
  return checked
}
