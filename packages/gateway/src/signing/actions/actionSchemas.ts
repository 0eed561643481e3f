import createStakeRequest from '@rampart/schemas/gateway/actions/createStakeRequest.schema.json'
import createTransferRequest from '@rampart/schemas/gateway/actions/createTransferRequest.schema.json'
import createUnstakeRequest from '@rampart/schemas/gateway/actions/createUnstakeRequest.schema.json'
import definitions from '@rampart/schemas/gateway/actions/definitions.schema.json'
import evaluateRequest from '@rampart/schemas/gateway/actions/evaluateRequest.schema.json'
import evaluateResponse from '@rampart/schemas/gateway/actions/evaluateResponse.schema.json'
import position from '@rampart/schemas/gateway/actions/position.schema.json'
import rawSign from '@rampart/schemas/gateway/actions/rawSign.schema.json'
import requestKind from '@rampart/schemas/gateway/actions/requestKind.schema.json'
import sendTransaction from '@rampart/schemas/gateway/actions/sendTransaction.schema.json'
import sendTransactionRequest from '@rampart/schemas/gateway/actions/sendTransactionRequest.schema.json'
import signMessage from '@rampart/schemas/gateway/actions/signMessage.schema.json'
import signMessageRequest from '@rampart/schemas/gateway/actions/signMessageRequest.schema.json'
import signRawRequest from '@rampart/schemas/gateway/actions/signRawRequest.schema.json'
import signTypedData from '@rampart/schemas/gateway/actions/signTypedData.schema.json'
import signTypedDataRequest from '@rampart/schemas/gateway/actions/signTypedDataRequest.schema.json'
import stake from '@rampart/schemas/gateway/actions/stake.schema.json'
import stakeTransaction from '@rampart/schemas/gateway/actions/stakeTransaction.schema.json'
import transfer from '@rampart/schemas/gateway/actions/transfer.schema.json'
import unstake from '@rampart/schemas/gateway/actions/unstake.schema.json'
import { toRegistrable } from '../../core/http/gatewaySchemas'

/** The JSON Schemas under `schemas/gateway/actions/`: the signing actions' bodies and records. */
export const actionSchemas = {
  definitions,
  requestKind,
  unstake,
  stake,
  position,
  stakeTransaction,
  createUnstakeRequest,
  createStakeRequest,
  rawSign,
  signRawRequest,
  transfer,
  createTransferRequest,
  evaluateRequest,
  evaluateResponse,
  sendTransaction,
  sendTransactionRequest,
  signMessage,
  signMessageRequest,
  signTypedData,
  signTypedDataRequest,
} as const

export type ActionSchemaName = keyof typeof actionSchemas

export function actionRef(name: ActionSchemaName): { $ref: string } {
  return { $ref: actionSchemas[name].$id }
}

/** `{ data: <record> }` for one action schema. */
export function actionDataOf(name: ActionSchemaName) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['data'],
    properties: { data: actionRef(name) },
  }
}

/** The action schemas as fastify registers them: no `$schema`, every relative `$ref` made absolute. */
export function registrableActionSchemas(): Record<string, unknown>[] {
  return toRegistrable(Object.values(actionSchemas))
}
