import type { SigningRequestRow } from '../../core/database/actionsSchema'
import type { MessageSignature } from '../../providers/types'
import type { Outcome } from '../pipeline/signingAction'
import { iso } from './evmSigner'

/** A message or typed-data signature as its record keeps it: r, s, v and fullSig (the signer is the record's). */
export function signatureOutcome(signed: MessageSignature): Outcome {
  const { from: _from, ...signature } = signed
  return { status: 'signed', externalStatus: 'signed', result: { signature } }
}

/** The fields every signature record (message, typed data) shares. */
export function signatureRecord(row: SigningRequestRow, requestField: string): Record<string, unknown> {
  const result = row.result ?? {}
  return {
    requestId: row.requestId,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    status: row.status,
    externalStatus: (result.externalStatus as string | undefined) ?? null,
    externalId: (result.externalId as string | undefined) ?? null,
    idempotenceId: row.idempotenceId,
    [requestField]: { ...row.body, requestId: row.requestId, evaluation: row.evaluation ?? null },
    signature: (result.signature as Record<string, unknown> | undefined) ?? null,
    approvals: row.approvals,
    failure: row.failure ? { code: row.failure.code, message: row.failure.message } : null,
  }
}
