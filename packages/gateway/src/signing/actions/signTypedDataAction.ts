import { declaresOwnDomainType } from '@rampart/decoder'
import { GatewayError } from '../../core/errors/gatewayError'
import type { SignTypedDataRequest } from '../../generated/actions/signTypedDataRequest'
import { isSubmitted } from '../../providers/submitted'
import { resolveSigner } from '../../resources/resolveSigner'
import type { SigningAction } from '../pipeline/signingAction'
import { requireEvmSigner } from './evmSigner'
import { signatureOutcome, signatureRecord } from './signatureRecord'

/** The create body, as `schemas/gateway/actions/` defines it. */
export type SignTypedDataBody = SignTypedDataRequest

/** POST /v1/provider/evm/sign-typed-data: an EIP-712 signature. */
export const signTypedDataAction: SigningAction<SignTypedDataBody, 'signTypedData'> = {
  kind: 'evm.signTypedData',
  recordIdOf: (body) => body.requestId,
  async plan({ services, clientId, connectionId }, body) {
    const signer = await resolveSigner(services.db, { clientId, connectionId }, body.source)
    requireEvmSigner(signer, body.data.domain.chainId, '/data/domain/chainId')
    if (!declaresOwnDomainType(body.data.types, body.data.domain)) {
      throw new GatewayError('VALIDATION_FAILED', 'The EIP712Domain type is not the type of the domain', {
        issues: [
          {
            path: '/data/types/EIP712Domain',
            message:
              'must list the fields the domain has, in the EIP-712 order and with their standard types',
          },
        ],
      })
    }
    return {
      action: 'signTypedData',
      signer,
      rpcRequest: { method: 'eth_signTypedData_v4', params: [signer.address, body.data] },
      presets: body.protocolPreset ?? [],
      details: {},
    }
  },
  operation: 'signTypedData',
  async execute(session, plan, body, options) {
    const signed = await session.signTypedData(
      {
        accountExternalId: plan.signer.accountExternalId,
        addressExternalId: plan.signer.addressExternalId,
        typedData: body.data,
      },
      options,
    )
    return isSubmitted(signed) ? signed : signatureOutcome(signed)
  },
  completed: (_plan, _body, signed) => signatureOutcome(signed),
  toApi: (row) => signatureRecord(row, 'signTypedDataRequest'),
}
