import entityChange from '@rampart/schemas/entities/entityChange.schema.json'
import account from '@rampart/schemas/gateway/account.schema.json'
import address from '@rampart/schemas/gateway/address.schema.json'
import asset from '@rampart/schemas/gateway/asset.schema.json'
import client from '@rampart/schemas/gateway/client.schema.json'
import clientPublicKey from '@rampart/schemas/gateway/clientPublicKey.schema.json'
import connection from '@rampart/schemas/gateway/connection.schema.json'
import createClientRequest from '@rampart/schemas/gateway/createClientRequest.schema.json'
import createConnectionRequest from '@rampart/schemas/gateway/createConnectionRequest.schema.json'
import encryptionKey from '@rampart/schemas/gateway/encryptionKey.schema.json'
import entityChangesRequest from '@rampart/schemas/gateway/entityChangesRequest.schema.json'
import entityChangesResult from '@rampart/schemas/gateway/entityChangesResult.schema.json'
import error from '@rampart/schemas/gateway/error.schema.json'
import knownDestination from '@rampart/schemas/gateway/knownDestination.schema.json'
import listQuery from '@rampart/schemas/gateway/listQuery.schema.json'
import network from '@rampart/schemas/gateway/network.schema.json'
import page from '@rampart/schemas/gateway/page.schema.json'
import updateClientRequest from '@rampart/schemas/gateway/updateClientRequest.schema.json'
import wallet from '@rampart/schemas/gateway/wallet.schema.json'
// Policy governance (#22): proposals, versions and the signed policy set they are made of.
import approveProposalRequest from '@rampart/schemas/governance/approveProposalRequest.schema.json'
import createProposalRequest from '@rampart/schemas/governance/createProposalRequest.schema.json'
import policyVersion from '@rampart/schemas/governance/policyVersion.schema.json'
import proposal from '@rampart/schemas/governance/proposal.schema.json'
import proposalDiff from '@rampart/schemas/governance/proposalDiff.schema.json'
import rejectProposalRequest from '@rampart/schemas/governance/rejectProposalRequest.schema.json'
import rollbackRequest from '@rampart/schemas/governance/rollbackRequest.schema.json'
import signedPolicySet from '@rampart/schemas/governance/signedPolicySet.schema.json'

/** The JSON Schemas under `schemas/gateway/`: the single source of the routes' validation and of the OpenAPI document. */
export const gatewaySchemas = {
  account,
  address,
  asset,
  client,
  clientPublicKey,
  connection,
  createClientRequest,
  createConnectionRequest,
  encryptionKey,
  entityChange,
  entityChangesRequest,
  entityChangesResult,
  error,
  knownDestination,
  listQuery,
  network,
  page,
  updateClientRequest,
  wallet,
  approveProposalRequest,
  createProposalRequest,
  policyVersion,
  proposal,
  proposalDiff,
  rejectProposalRequest,
  rollbackRequest,
  signedPolicySet,
} as const

export type GatewaySchemaName = keyof typeof gatewaySchemas

/** A `$ref` to one of the gateway schemas, for route schemas. */
export function ref(name: GatewaySchemaName): { $ref: string } {
  return { $ref: gatewaySchemas[name].$id }
}

/**
 * Schemas as they are registered with fastify: without `$schema`, because fastify's response serializer
 * compiles shared schemas with its own JSON Schema dialect (the validation keywords are the same), and with
 * every relative `$ref` made absolute against the schema's `$id`, which the serializer needs.
 */
export function registrableSchemas(): Record<string, unknown>[] {
  return toRegistrable(Object.values(gatewaySchemas))
}

/** Any set of schemas with `$id`s, made registrable as {@link registrableSchemas} describes. */
export function toRegistrable(
  schemas: ReadonlyArray<{ $id: string; $schema?: string }>,
): Record<string, unknown>[] {
  return schemas.map(
    ({ $schema: _dialect, ...schema }) => absoluteRefs(schema, schema.$id) as Record<string, unknown>,
  )
}

function absoluteRefs(node: unknown, base: string): unknown {
  if (Array.isArray(node)) return node.map((item) => absoluteRefs(item, base))
  if (node === null || typeof node !== 'object') return node
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) =>
      key === '$ref' && typeof value === 'string'
        ? [key, new URL(value, base).toString()]
        : [key, absoluteRefs(value, base)],
    ),
  )
}
