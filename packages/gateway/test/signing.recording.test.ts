import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { signingRequests } from '../src/core/database/actionsSchema'
import { recoverInterruptedRequests } from '../src/signing/pipeline/recoverInterruptedRequests'
import { policy, sendEth } from './support/signingClient'
import { useSigningGateway } from './support/useTestGateway'

const setup = useSigningGateway({
  policies: [
    policy('permit-transactions', 'permit', [{ criterion: 'checkAction', args: ['signTransaction'] }]),
  ],
})

beforeAll(async () => {
  // The database refuses to record one request as signed: what a connection lost right after the provider
  // answered looks like to the gateway.
  await setup.gateway.app.db.execute(sql`
    create function refuse_signed_record() returns trigger language plpgsql as $$
    begin
      if new.status = 'signed' and new.idempotence_id = 'unrecordable' then
        raise exception 'the database went away';
      end if;
      return new;
    end $$`)
  await setup.gateway.app.db.execute(sql`
    create trigger refuse_signed_record before update on signing_requests
    for each row execute function refuse_signed_record()`)
})

const rowOf = async (idempotenceId: string) => {
  const [row] = await setup.gateway.app.db
    .select()
    .from(signingRequests)
    .where(
      and(
        eq(signingRequests.clientId, setup.client.clientId),
        eq(signingRequests.idempotenceId, idempotenceId),
      ),
    )
  return row!
}

describe('a request the provider signed but the gateway could not record', () => {
  it('is never recorded as failed (nothing signed): it keeps counting for limits and ends INTERRUPTED', async () => {
    const response = await sendEth(setup, '1000', 'unrecordable')
    expect(setup.calls.signTransaction).toBe(1)
    expect(response.statusCode).toBe(500)
    expect(response.json().code).toBe('INTERNAL_ERROR')

    const row = await rowOf('unrecordable')
    // `failed` says the provider signed nothing, and a client would ask again: here it did sign.
    expect(row.status).toBe('processing')
    expect(row.history).toEqual([expect.objectContaining({ amount: '1000' })])

    const later = new Date(Date.now() + 3600_000)
    expect(await recoverInterruptedRequests(setup.gateway.app.signing, 600, later)).toEqual([row.requestId])
    const ended = await rowOf('unrecordable')
    expect(ended.status).toBe('failed')
    expect(ended.failure?.code).toBe('INTERRUPTED')
    expect(ended.history).toEqual(row.history)
  })
})
