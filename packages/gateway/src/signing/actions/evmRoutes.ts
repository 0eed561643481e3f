import type { FastifyInstance } from 'fastify'
import type { SigningRoutesPluginOptions } from '../pipeline/signingServices'
import { sendTransactionAction } from './sendTransactionAction'
import { registerSigningRoutes } from './signingRoutes'
import { signMessageAction } from './signMessageAction'
import { signTypedDataAction } from './signTypedDataAction'

/** EVM requests: send-transaction, sign-message and sign-typed-data, each created through the signing pipeline. */
export async function evmRoutes(app: FastifyInstance, { services }: SigningRoutesPluginOptions) {
  registerSigningRoutes(app, services, {
    path: '/v1/provider/evm/send-transaction',
    operationName: 'EvmSendTransaction',
    tag: 'EVM',
    noun: 'Send-transaction request',
    action: sendTransactionAction,
    body: 'sendTransactionRequest',
    record: 'sendTransaction',
  })
  registerSigningRoutes(app, services, {
    path: '/v1/provider/evm/sign-message',
    operationName: 'EvmSignMessage',
    tag: 'EVM',
    noun: 'Sign-message request',
    action: signMessageAction,
    body: 'signMessageRequest',
    record: 'signMessage',
  })
  registerSigningRoutes(app, services, {
    path: '/v1/provider/evm/sign-typed-data',
    operationName: 'EvmSignTypedData',
    tag: 'EVM',
    noun: 'Sign-typed-data request',
    action: signTypedDataAction,
    body: 'signTypedDataRequest',
    record: 'signTypedData',
  })
}
