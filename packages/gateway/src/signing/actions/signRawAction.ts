import { GatewayError } from '../../core/errors/gatewayError'
import type { SignRawRequest } from '../../generated/actions/signRawRequest'
import { isSubmitted } from '../../providers/submitted'
import type { Hex, RawSignature } from '../../providers/types'
import { resolveSigner } from '../../resources/resolveSigner'
import type { Outcome, SigningAction } from '../pipeline/signingAction'
import { iso } from './evmSigner'

/** The create body, as `schemas/gateway/actions/` defines it. */
export type SignRawBody = SignRawRequest

/** Raw signatures as their record keeps them. */
function rawOutcome(signatures: RawSignature[]): Outcome {
  return {
    status: 'signed',
    externalStatus: 'signed',
    result: {
      signedMessages: signatures.map((signature) => ({
        content: signature.content,
        signature: signature.signature,
        algorithm: signature.algorithm,
        publicKey: signature.publicKey,
      })),
    },
  }
}

/** POST /v1/provider/sign-raw: raw signatures over digests (secp256k1) or messages (ed25519). */
export const signRawAction: SigningAction<SignRawBody, 'signRaw'> = {
  kind: 'signRaw',
  recordIdOf: (body) => body.requestId,
  async plan({ services, clientId, connectionId }, body) {
    const signer = await resolveSigner(services.db, { clientId, connectionId }, body.source)
    if (body.algorithm === 'secp256k1_ecdsa') {
      body.data.forEach(({ content }, index) => {
        if (content.length !== 66) {
          throw new GatewayError('VALIDATION_FAILED', 'secp256k1_ecdsa signs 32-byte digests', {
            issues: [{ path: `/data/${index}/content`, message: 'must be 32 bytes (0x and 64 hex digits)' }],
          })
        }
      })
    }
    return {
      action: 'signRaw',
      signer,
      payloads: body.data.map(({ content }) => content.toLowerCase()),
      algorithm: body.algorithm,
      presets: [],
      details: {},
    }
  },
  operation: 'signRaw',
  async execute(session, plan, body, options) {
    const signatures = await session.signRaw(
      {
        accountExternalId: plan.signer.accountExternalId,
        addressExternalId: plan.signer.addressExternalId,
        algorithm: body.algorithm,
        payloads: body.data.map(({ content }) => content as Hex),
      },
      options,
    )
    return isSubmitted(signatures) ? signatures : rawOutcome(signatures)
  },
  completed: (_plan, _body, signatures) => rawOutcome(signatures),
  toApi(row) {
    const body = row.body as unknown as SignRawBody
    const result = row.result ?? {}
    return {
      requestId: row.requestId,
      status: row.status,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      data: body.data,
      externalStatus: (result.externalStatus as string | undefined) ?? null,
      externalId: (result.externalId as string | undefined) ?? null,
      algorithm: body.algorithm,
      idempotenceId: row.idempotenceId,
      signedMessages: (result.signedMessages as unknown[] | undefined) ?? [],
      evaluation: row.evaluation ?? null,
      approvals: row.approvals,
      failure: row.failure ? { code: row.failure.code, message: row.failure.message } : null,
    }
  },
}
