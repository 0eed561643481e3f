import { randomUUID } from 'node:crypto'
import { type HistoryTransfer, hashRequest, requestHistory } from '@rampart/evaluator'
import { and, eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { clientOf } from '../../auth/authPlugin'
import { type SigningRequestRow, signingRequests } from '../../core/database/actionsSchema'
import type { Database } from '../../core/database/openDatabase'
import { GatewayError } from '../../core/errors/gatewayError'
import { isProviderError } from '../../core/errors/providerErrors'
import { appendLogEntry } from '../../decisionLog/appendLogEntry'
import { decisionEntry } from '../../decisionLog/logEntryContents'
import { requireGrantedNetwork } from '../../grants/grantScope'
import { outcomeUnknown } from '../../providers/http/providerFailure'
import { isSubmitted } from '../../providers/submitted'
import type { SubmittedRequest } from '../../providers/types'
import { signingFollowUps } from '../follow/followSchema'
import { decideRequest } from './decideRequest'
import { recordMovements, replaceMovements } from './limitMovements'
import { nulCharacterAt } from './nulCharacter'
import type { ClientPolicyState } from './policyState'
import { type Outcome, type Plan, recordToApi, type SigningAction } from './signingAction'
import { policyForbidden, providerFailed } from './signingErrors'
import type { SigningServices } from './signingServices'

export type SigningResponse = { statusCode: 200 | 201; data: Record<string, unknown>; replayed: boolean }

/** The connection a signing action goes through: the `x-connection-id` header, required. */
export function connectionIdOf(request: FastifyRequest): string {
  const value = request.headers['x-connection-id']
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) {
    throw new GatewayError('VALIDATION_FAILED', 'The x-connection-id header is required', {
      issues: [{ path: '/x-connection-id', message: 'is required', in: 'headers' }],
    })
  }
  return value
}

/** The body as stored and hashed: a client-sent `evaluation` is ignored (the gateway makes its own). */
function storedBody(body: Record<string, unknown>): Record<string, unknown> {
  const { evaluation: _ignored, ...rest } = body
  return rest
}

/**
 * The one signing pipeline. 1. validate (schema, then the action's plan); 2. claim the idempotence key with a
 * unique index (`on conflict do nothing`), so concurrent identical creates yield one record and one provider
 * call; 3. decode and 4. evaluate; 5. only on Permit, hand the request to the provider; 6. record the outcome
 * with the decision embedded. Forbid is recorded and answered 403; Confirm is recorded as pending_approval.
 */
export async function createSigningRequest<Body extends { idempotenceId: string }>(
  services: SigningServices,
  request: FastifyRequest,
  action: SigningAction<Body>,
  body: Body,
): Promise<SigningResponse> {
  const { clientId, kid } = clientOf(request)
  const connectionId = connectionIdOf(request)
  const nul = nulCharacterAt(body)
  if (nul !== undefined) {
    throw new GatewayError(
      'VALIDATION_FAILED',
      'The request holds a NUL character (U+0000), which cannot be recorded',
      { issues: [{ path: nul, message: 'must not contain U+0000 (send binary messages as raw hex)' }] },
    )
  }
  const connection = await services.sessions.activeConnection(clientId, connectionId)
  const stored = storedBody(body as Record<string, unknown>)
  const bodyHash = hashRequest(stored)
  const key = [clientId, connectionId, action.kind, body.idempotenceId].join('\u0000')
  const claim = { clientId, connectionId, idempotenceId: body.idempotenceId, bodyHash }

  // A create already recorded answers with its record before anything is planned again: planning asks the provider
  // afresh (fees, positions), and what it permitted may no longer plan (an exited position, a fee over the amount).
  await services.running.get(key)?.catch(() => {})
  const recorded = await recordOf(services, action, claim)
  if (recorded) {
    requireGrantedNetwork(request, (recorded.plan as unknown as Plan).signer)
    return replayOf(action, recorded, bodyHash)
  }
  const plan = await action.plan({ services, clientId, connectionId }, body)
  requireGrantedNetwork(request, plan.signer)

  const earlier = services.running.get(key)
  if (earlier) {
    await earlier.catch(() => {})
    return replay(services, action, claim)
  }
  let finish: () => void = () => {}
  services.running.set(key, new Promise<void>((resolve) => (finish = resolve)))
  try {
    const now = services.clock()
    const [row] = await services.db
      .insert(signingRequests)
      .values({
        rowId: randomUUID(),
        requestId: action.recordIdOf(body) ?? randomUUID(),
        kind: action.kind,
        clientId,
        connectionId,
        provider: connection.provider,
        idempotenceId: body.idempotenceId,
        bodyHash,
        status: 'processing',
        principal: kid,
        body: stored,
        plan: plan as unknown as Record<string, unknown>,
        approvals: [],
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning()
    if (!row) {
      return await replay(services, action, claim)
    }
    return {
      statusCode: 201,
      data: recordToApi(action, await decideAndRun(services, action, row, plan, body)),
      replayed: false,
    }
  } finally {
    services.running.delete(key)
    finish()
  }
}

type Claim = { clientId: string; connectionId: string; idempotenceId: string; bodyHash: string }

/** The record of an idempotence key, if a create already claimed it. */
async function recordOf<Body extends { idempotenceId: string }>(
  services: SigningServices,
  action: SigningAction<Body>,
  claim: Claim,
): Promise<SigningRequestRow | undefined> {
  const [row] = await services.db
    .select()
    .from(signingRequests)
    .where(
      and(
        eq(signingRequests.clientId, claim.clientId),
        eq(signingRequests.connectionId, claim.connectionId),
        eq(signingRequests.kind, action.kind),
        eq(signingRequests.idempotenceId, claim.idempotenceId),
      ),
    )
  return row
}

/** A create whose idempotence key was already claimed: the original record, or 409 for another body. */
function replayOf<Body extends { idempotenceId: string }>(
  action: SigningAction<Body>,
  row: SigningRequestRow,
  bodyHash: string,
): SigningResponse {
  if (row.bodyHash !== bodyHash) {
    throw new GatewayError(
      'IDEMPOTENCE_CONFLICT',
      'This idempotenceId was already used with a different body',
      { requestId: row.requestId },
    )
  }
  return { statusCode: 201, data: respond(action, row), replayed: true }
}

/** A create that lost the claim to another: that create's record, or 409 when the record id was the clash. */
async function replay<Body extends { idempotenceId: string }>(
  services: SigningServices,
  action: SigningAction<Body>,
  claim: Claim,
): Promise<SigningResponse> {
  const row = await recordOf(services, action, claim)
  if (!row) throw new GatewayError('REQUEST_ID_TAKEN', 'Another request already uses this id')
  return replayOf(action, row, claim.bodyHash)
}

/** A stored record as its create answered: 403 when forbidden, the provider's error when failed. */
export function respond<Body extends { idempotenceId: string }>(
  action: SigningAction<Body>,
  row: SigningRequestRow,
): Record<string, unknown> {
  if (row.status === 'forbidden') throw policyForbidden(row)
  if (row.status === 'failed') throw providerFailed(row)
  return recordToApi(action, row)
}

async function update(
  services: SigningServices,
  rowId: string,
  values: Partial<SigningRequestRow>,
  db: Database = services.db,
) {
  const [row] = await db
    .update(signingRequests)
    .set({ ...values, updatedAt: services.clock() })
    .where(eq(signingRequests.rowId, rowId))
    .returning()
  return row!
}

/** Updates a request only while it is still in `from`; undefined when another request moved it first. */
async function updateFrom(
  services: SigningServices,
  rowId: string,
  from: string,
  values: Partial<SigningRequestRow>,
  db: Database = services.db,
): Promise<SigningRequestRow | undefined> {
  const [row] = await db
    .update(signingRequests)
    .set({ ...values, updatedAt: services.clock() })
    .where(and(eq(signingRequests.rowId, rowId), eq(signingRequests.status, from)))
    .returning()
  return row
}

async function reread(services: SigningServices, rowId: string): Promise<SigningRequestRow> {
  const [row] = await services.db.select().from(signingRequests).where(eq(signingRequests.rowId, rowId))
  return row!
}

/**
 * How many times a request is decided when the client's entities or policies keep changing under it: the last
 * decision stands, a refusal if it was taken across a change too.
 */
const DECISION_ATTEMPTS = 3

/** Decides a claimed request and, on Permit, runs it. Returns the stored row, or throws 403 / the provider error. */
export async function decideAndRun<Body extends { idempotenceId: string }>(
  services: SigningServices,
  action: SigningAction<Body>,
  row: SigningRequestRow,
  plan: Plan,
  body: Body,
  from: 'processing' | 'pending_approval' = 'processing',
): Promise<SigningRequestRow> {
  const approvals = row.approvals.map((approval) => String(approval.userId))
  const decide = async (
    state: ClientPolicyState,
    lastAttempt: boolean,
  ): Promise<
    | { superseded: true }
    | { done: SigningRequestRow }
    | { permitted: SigningRequestRow; history: HistoryTransfer[] }
  > => {
    const { decision, evaluation, evaluationRequest, userId } = await decideRequest(services, {
      state,
      principal: row.principal,
      plan,
      approvals,
      record: { requestId: row.requestId, kind: row.kind },
    })
    // The client's entities or policies changed while this request waited for its history or prices, and its
    // decision was refused for it. Nothing has moved yet: it is decided again under the new ones.
    if (state.superseded?.() && !lastAttempt) return { superseded: true }
    // Every move is conditional on the status the decision was made from, so concurrent approvals move it once. The
    // decision is appended to the client's log in the same transaction: the move and its entry commit together, and a
    // move that lost to another (which logs its own) logs nothing.
    const logDecision = (moved: SigningRequestRow, tx: Database) =>
      appendLogEntry(
        tx,
        row.clientId,
        decisionEntry({
          request: { kind: row.kind, requestId: row.requestId, status: moved.status },
          evaluationRequest,
          decision,
          attestation: evaluation.signature,
          signer: plan.signer,
          presets: plan.presets,
          state: state.logState,
        }),
        services.clock(),
      )
    const move = (values: Partial<SigningRequestRow>) =>
      services.db.transaction(async (tx) => {
        const moved = await updateFrom(services, row.rowId, from, values, tx)
        if (moved) await logDecision(moved, tx)
        return moved
      })
    if (decision.decision === 'Forbid') {
      const forbidden = await move({ status: 'forbidden', evaluation })
      throw policyForbidden(forbidden ?? (await reread(services, row.rowId)))
    }
    if (decision.decision === 'Confirm') {
      return {
        done: (await move({ status: 'pending_approval', evaluation })) ?? (await reread(services, row.rowId)),
      }
    }
    // Tagged with the request's row, so that a rate limit counts its transfers once, as this decision did.
    const history = requestHistory(evaluationRequest, userId ?? row.principal, row.rowId, state.decimals)
    // The transfer counts for spending and rate limits from the moment it is permitted, not once the provider
    // has signed it: a decision taken while it is with the provider sees it. Its movements are written in the same
    // transaction: a request permitted and not counted would let the next one spend the limit again.
    const decided = await services.db.transaction(async (tx) => {
      const moved = await updateFrom(
        services,
        row.rowId,
        from,
        { status: 'processing', evaluation, history: history as unknown as Record<string, unknown>[] },
        tx,
      )
      if (moved) {
        await recordMovements(tx, row.rowId, row.clientId, history)
        await logDecision(moved, tx)
      }
      return moved
    })
    return decided ? { permitted: decided, history } : { done: await reread(services, row.rowId) }
  }
  for (let attempt = 1; ; attempt++) {
    const state = await services.clientPolicies.forClient(row.clientId)
    const lastAttempt = attempt === DECISION_ATTEMPTS
    // Limits read the history, so the decisions of one client that count it are taken one at a time: each sees the
    // transfers permitted before it.
    const decided = state.usesHistory
      ? await services.limitedDecisions(row.clientId, () => decide(state, lastAttempt))
      : await decide(state, lastAttempt)
    if ('superseded' in decided) continue
    if ('done' in decided) return decided.done
    return runPermitted(services, action, decided.permitted, plan, body, decided.history)
  }
}

/**
 * A custodian has the request and signs it later: the record stays `processing`, with the custodian's id and its
 * status verbatim, still counting for limits (it was permitted, and may yet be signed).
 */
async function recordSubmitted(
  services: SigningServices,
  row: SigningRequestRow,
  submitted: SubmittedRequest,
): Promise<SigningRequestRow> {
  const now = services.clock()
  const moved = await services.db.transaction(async (tx) => {
    await tx
      .update(signingFollowUps)
      .set({
        phase: 'submitted',
        externalId: submitted.externalId,
        attempts: 0,
        nextCheckAt: new Date(now.getTime() + services.follow.firstDelayMs),
        leasedUntil: null,
        updatedAt: now,
      })
      .where(eq(signingFollowUps.rowId, row.rowId))
    // Only while still processing: a follower that found the request by its key may have ended it already.
    return updateFrom(
      services,
      row.rowId,
      'processing',
      { result: { externalId: submitted.externalId, externalStatus: submitted.externalStatus } },
      tx,
    )
  })
  return moved ?? (await reread(services, row.rowId))
}

/**
 * Before a create reaches a custodian that answers later: the follow-up that carries its idempotency key, due once
 * the create has had time to answer. If this gateway stops before hearing the answer, the follower finds it here.
 */
async function recordSending(services: SigningServices, row: SigningRequestRow): Promise<void> {
  const now = services.clock()
  await services.db
    .insert(signingFollowUps)
    .values({
      rowId: row.rowId,
      provider: row.provider,
      idempotencyKey: row.rowId,
      externalId: null,
      phase: 'sending',
      attempts: 0,
      nextCheckAt: new Date(now.getTime() + services.follow.sendingGraceMs),
      leasedUntil: null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
}

/**
 * Step 5: the provider call. Its failure is recorded (terminal `failed`, with the provider's message), never lost.
 * Once the provider has answered, the request is signed whatever happens next: a failure to record that answer
 * leaves it in `processing`, still counting for limits, for the interrupted-request sweep to end as INTERRUPTED
 * (outcome unknown). Recording it `failed` would say that nothing was signed, and a client would ask again.
 */
async function runPermitted<Body extends { idempotenceId: string }>(
  services: SigningServices,
  action: SigningAction<Body>,
  row: SigningRequestRow,
  plan: Plan,
  body: Body,
  history: HistoryTransfer[],
): Promise<SigningRequestRow> {
  services.withProvider.add(row.rowId)
  try {
    let outcome: Outcome
    let followed = false
    try {
      const session = await services.sessions.sessionFor(row.clientId, row.connectionId)
      // The row's id is the request's idempotency key at the provider for good: recorded (with a follow-up, for a
      // custodian that answers later) before anything is sent, so a create repeated after a lost answer, by this
      // gateway or another after a restart, sends the same one.
      followed = action.operation !== undefined && typeof session.followRequest === 'function'
      if (followed) await recordSending(services, row)
      const answer = await action.execute(session, plan, body, { idempotencyKey: row.rowId })
      if (isSubmitted(answer)) return await recordSubmitted(services, row, answer)
      outcome = answer
    } catch (error) {
      if (followed && outcomeUnknown(error)) {
        // The create may have reached the custodian: the follower looks it up by its key, or sends it again with it.
        services.log.warn(
          { requestId: row.requestId, code: isProviderError(error) ? error.code : undefined },
          'a create went unanswered; the request stays processing and is looked up by its idempotency key',
        )
        // Only while still processing: the follower may have found and ended it meanwhile.
        return (
          (await updateFrom(services, row.rowId, 'processing', {
            result: { externalId: null, externalStatus: null },
          })) ?? (await reread(services, row.rowId))
        )
      }
      const failure = isProviderError(error)
        ? { code: error.code, message: error.message, statusCode: error.httpStatus }
        : error instanceof GatewayError
          ? { code: error.code, message: error.message, statusCode: error.httpStatus }
          : { code: 'INTERNAL_ERROR', message: 'The request failed inside the gateway', statusCode: 500 }
      if (!isProviderError(error) && !(error instanceof GatewayError)) {
        services.log.error({ err: error, requestId: row.requestId }, 'signing request failed')
      }
      // Nothing was signed: the transfer stops counting for limits.
      const failed = await services.db.transaction(async (tx) => {
        await replaceMovements(tx, row.rowId, row.clientId, null)
        if (followed) await tx.delete(signingFollowUps).where(eq(signingFollowUps.rowId, row.rowId))
        return update(services, row.rowId, { status: 'failed', failure, history: null }, tx)
      })
      throw providerFailed(failed)
    }
    try {
      const signed = {
        status: outcome.status,
        result: {
          ...outcome.result,
          externalStatus: outcome.externalStatus ?? null,
          externalId: outcome.externalId ?? null,
        },
        history: (outcome.history ?? history) as unknown as Record<string, unknown>[],
      }
      const counted = outcome.history
      if (!counted && !followed) return await update(services, row.rowId, signed)
      // The provider knows better what moved: limits count that from now on, with the record.
      return await services.db.transaction(async (tx) => {
        if (counted) await replaceMovements(tx, row.rowId, row.clientId, counted)
        if (followed) await tx.delete(signingFollowUps).where(eq(signingFollowUps.rowId, row.rowId))
        return update(services, row.rowId, signed, tx)
      })
    } catch (error) {
      services.log.error(
        { err: error, requestId: row.requestId, externalId: outcome.externalId ?? null },
        'the provider signed a request whose outcome could not be recorded',
      )
      throw error
    }
  } finally {
    services.withProvider.delete(row.rowId)
  }
}
