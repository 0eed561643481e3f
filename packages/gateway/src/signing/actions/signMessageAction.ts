import type { SignMessageRequest } from '../../generated/actions/signMessageRequest'
import { isSubmitted } from '../../providers/submitted'
import type { Hex, PersonalMessage } from '../../providers/types'
import { resolveSigner } from '../../resources/resolveSigner'
import type { SigningAction } from '../pipeline/signingAction'
import { requireEvmSigner } from './evmSigner'
import { signatureOutcome, signatureRecord } from './signatureRecord'

/** The create body, as `schemas/gateway/actions/` defines it. */
export type SignMessageBody = SignMessageRequest

const asHex = (data: SignMessageBody['data']): Hex =>
  typeof data === 'string' ? `0x${Buffer.from(data, 'utf8').toString('hex')}` : (data.raw as Hex)

/** POST /v1/provider/evm/sign-message: an EIP-191 personal message signature. */
export const signMessageAction: SigningAction<SignMessageBody, 'signMessage'> = {
  kind: 'evm.signMessage',
  recordIdOf: (body) => body.requestId,
  async plan({ services, clientId, connectionId }, body) {
    const signer = await resolveSigner(services.db, { clientId, connectionId }, body.source)
    requireEvmSigner(signer, undefined, '/source/id')
    return {
      action: 'signMessage',
      signer,
      rpcRequest: { method: 'personal_sign', params: [asHex(body.data), signer.address] },
      presets: body.protocolPreset ?? [],
      details: {},
    }
  },
  operation: 'signMessage',
  async execute(session, plan, body, options) {
    const signed = await session.signMessage(
      {
        accountExternalId: plan.signer.accountExternalId,
        addressExternalId: plan.signer.addressExternalId,
        // The schema guarantees raw bytes are 0x hex.
        message: body.data as PersonalMessage,
      },
      options,
    )
    return isSubmitted(signed) ? signed : signatureOutcome(signed)
  },
  completed: (_plan, _body, signed) => signatureOutcome(signed),
  toApi: (row) => signatureRecord(row, 'signMessageRequest'),
}
