import { diffPolicySets, type PolicySetContent } from '@rampart/evaluator'
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { refreshAddressBook } from '../connections/syncConnection'
import { GatewayError } from '../core/errors/gatewayError'
import { organizationBodyLimit } from '../core/http/bodyLimits'
import { ref } from '../core/http/gatewaySchemas'
import { dataOf, errorResponses } from '../core/http/routeSchemas'
import { applyProposal } from './applyProposal'
import { type ApprovalInput, approveProposal } from './approveProposal'
import { createProposal, type ProposalBody, proposeRollback } from './createProposal'
import { PROPOSAL_STATUSES, type ProposalStatus, policyProposals, policyVersions } from './governanceSchema'
import { clientRow, latestVersions, liveContent } from './liveSet'
import { expireDue, proposalRow } from './openProposal'
import { passkeyApprovalOptions } from './passkeyApprovalOptions'
import { rejectProposal, startShadow, stopShadow } from './proposalStatus'
import { proposalToApi, versionToApi } from './proposalToApi'
import { quorumState } from './quorumState'

const adminHeaders = {
  type: 'object',
  properties: { 'x-api-key': { type: 'string', description: 'The admin API key' } },
}
const admin = { tags: ['Governance'], security: [{ adminApiKey: [] }], headers: adminHeaders }
const text = (description: string) => ({ type: 'string', minLength: 1, maxLength: 200, description })
const clientParams = {
  type: 'object',
  additionalProperties: false,
  required: ['clientId'],
  properties: { clientId: text('The client id') },
}
const proposalParams = {
  ...clientParams,
  required: ['clientId', 'proposalId'],
  properties: { ...clientParams.properties, proposalId: text('The proposal id') },
}
const versionParams = {
  ...clientParams,
  required: ['clientId', 'version'],
  properties: {
    ...clientParams.properties,
    version: { type: 'integer', minimum: 1, description: 'The version' },
  },
}
const listOf = (name: 'proposal' | 'policyVersion') => ({
  type: 'object',
  additionalProperties: false,
  required: ['data'],
  properties: { data: { type: 'array', items: ref(name) } },
})

type ClientParams = { clientId: string }
type ProposalParams = ClientParams & { proposalId: string }
type VersionParams = ClientParams & { version: number }

/**
 * Admin: a client's policy set changes only through proposals. The admin API key proposes, shadows, rejects and
 * promotes; approving takes a signature by one of the organization's credentials, and promoting takes approvals
 * that meet the live quorum, verified by the evaluator. Every applied version is kept and can be proposed again.
 */
export async function proposalRoutes(app: FastifyInstance) {
  const now = () => app.signing.clock()
  /** The proposal as the API shows it, with its quorum state against the live version. */
  const shown = async (clientId: string, proposalId: string) => {
    const row = await proposalRow(app.db, clientId, proposalId)
    const { live } = await latestVersions(app.db, clientId)
    return proposalToApi(row, quorumState(row, live))
  }

  app.post<{ Params: ClientParams; Body: ProposalBody }>(
    '/v1/admin/clients/:clientId/proposals',
    {
      config: { auth: 'admin' },
      bodyLimit: organizationBodyLimit,
      schema: {
        ...admin,
        operationId: 'createProposal',
        summary: "Propose the next version of a client's policies, entities, presets or quorum",
        params: clientParams,
        body: ref('createProposalRequest'),
        response: { 201: dataOf('proposal'), ...errorResponses(400, 401, 404, 422, 500) },
      },
    },
    async (request, reply) => {
      const row = await createProposal(app.db, request.params.clientId, request.body, now())
      reply.status(201)
      return { data: await shown(row.clientId, row.proposalId) }
    },
  )

  app.get<{ Params: ClientParams; Querystring: { status?: ProposalStatus[] } }>(
    '/v1/admin/clients/:clientId/proposals',
    {
      config: { auth: 'admin' },
      schema: {
        ...admin,
        operationId: 'listProposals',
        summary: "List a client's proposals, newest first",
        params: clientParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            status: { type: 'array', items: { type: 'string', enum: [...PROPOSAL_STATUSES] }, maxItems: 7 },
          },
        },
        response: { 200: listOf('proposal'), ...errorResponses(400, 401, 404, 422, 500) },
      },
    },
    async (request) => {
      const { clientId } = request.params
      await clientRow(app.db, clientId)
      await expireDue(app.db, clientId, now())
      const statuses = request.query.status
      const rows = await app.db
        .select()
        .from(policyProposals)
        .where(
          and(
            eq(policyProposals.clientId, clientId),
            statuses?.length ? inArray(policyProposals.status, statuses) : undefined,
          ),
        )
        .orderBy(desc(policyProposals.createdAt), desc(policyProposals.proposalId))
        .limit(100)
      const { live } = await latestVersions(app.db, clientId)
      return { data: rows.map((row) => proposalToApi(row, quorumState(row, live))) }
    },
  )

  app.get<{ Params: ProposalParams }>(
    '/v1/admin/clients/:clientId/proposals/:proposalId',
    {
      config: { auth: 'admin' },
      schema: {
        ...admin,
        operationId: 'getProposal',
        summary: 'Get a proposal, with the statement its approvers sign',
        params: proposalParams,
        response: { 200: dataOf('proposal'), ...errorResponses(401, 404, 422, 500) },
      },
    },
    async (request) => {
      await expireDue(app.db, request.params.clientId, now())
      return { data: await shown(request.params.clientId, request.params.proposalId) }
    },
  )

  app.get<{ Params: ProposalParams }>(
    '/v1/admin/clients/:clientId/proposals/:proposalId/diff',
    {
      config: { auth: 'admin' },
      schema: {
        ...admin,
        operationId: 'diffProposal',
        summary: 'What a proposal changes against the live version, by id',
        params: proposalParams,
        response: { 200: dataOf('proposalDiff'), ...errorResponses(401, 404, 422, 500) },
      },
    },
    async (request) => {
      const { clientId, proposalId } = request.params
      const proposal = await proposalRow(app.db, clientId, proposalId)
      const { live, content } = await liveContent(app.db, clientId)
      const current = { policies: [], entities: {}, governance: { quorum: { anyOf: [] } }, ...content }
      const diff = diffPolicySets(
        current as PolicySetContent,
        proposal.content as unknown as PolicySetContent,
      )
      return { data: { liveVersion: live?.version ?? null, ...diff } }
    },
  )

  app.post<{ Params: ProposalParams; Body: ApprovalInput }>(
    '/v1/admin/clients/:clientId/proposals/:proposalId/approvals',
    {
      config: { auth: 'admin' },
      schema: {
        ...admin,
        operationId: 'approveProposal',
        summary:
          "Add a credential's signed approval of a proposal (a JWS, or a passkey's WebAuthn assertion)",
        params: proposalParams,
        body: ref('approveProposalRequest'),
        response: { 200: dataOf('proposal'), ...errorResponses(400, 401, 404, 409, 422, 500) },
      },
    },
    async (request) => {
      const { clientId, proposalId } = request.params
      await approveProposal(app.db, clientId, proposalId, request.body, now())
      return { data: await shown(clientId, proposalId) }
    },
  )

  const string = { type: 'string' }
  app.get<{ Params: ProposalParams }>(
    '/v1/admin/clients/:clientId/proposals/:proposalId/passkey-options',
    {
      config: { auth: 'admin' },
      schema: {
        ...admin,
        operationId: 'getProposalPasskeyOptions',
        summary: 'WebAuthn request options for approving a proposal by passkey',
        description:
          "The options to hand a browser's `navigator.credentials.get` (`@simplewebauthn/browser`'s " +
          '`startAuthentication({ optionsJSON: options })`): the challenge is the base64url SHA-256 of the ' +
          "statement's canonical JSON, the RP id and the allowed passkeys are the approving set's. Post the " +
          'assertion to `…/approvals` as `{assertion}` (as the browser returns it), or as `{approval: {type: ' +
          '"webauthn", credentialId, signature, data: {authenticatorData, clientDataJSON}}}` with the credential ' +
          'that `passkeys` names for it.',
        params: proposalParams,
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['data'],
            properties: {
              data: {
                type: 'object',
                additionalProperties: false,
                required: ['statement', 'options', 'origins', 'passkeys'],
                properties: {
                  statement: {
                    type: 'object',
                    additionalProperties: false,
                    required: ['setId', 'version', 'previousHash', 'contentHash'],
                    properties: {
                      setId: string,
                      version: { type: 'integer' },
                      previousHash: { type: ['string', 'null'] },
                      contentHash: string,
                    },
                  },
                  options: {
                    type: 'object',
                    additionalProperties: false,
                    required: ['challenge', 'rpId', 'allowCredentials', 'userVerification', 'timeout'],
                    properties: {
                      challenge: string,
                      rpId: string,
                      allowCredentials: {
                        type: 'array',
                        items: {
                          type: 'object',
                          additionalProperties: false,
                          required: ['id', 'type'],
                          properties: {
                            id: string,
                            type: string,
                            transports: { type: 'array', items: string },
                          },
                        },
                      },
                      userVerification: string,
                      timeout: { type: 'integer' },
                    },
                  },
                  origins: { type: 'array', items: string },
                  passkeys: {
                    type: 'array',
                    items: {
                      type: 'object',
                      additionalProperties: false,
                      required: ['credentialId', 'userId', 'webauthnId'],
                      properties: { credentialId: string, userId: string, webauthnId: string },
                    },
                  },
                },
              },
            },
          },
          ...errorResponses(401, 404, 409, 422, 500),
        },
      },
    },
    async (request) => {
      const { clientId, proposalId } = request.params
      return { data: await passkeyApprovalOptions(app.db, clientId, proposalId, now()) }
    },
  )

  app.post<{ Params: ProposalParams; Body: { reason: string } }>(
    '/v1/admin/clients/:clientId/proposals/:proposalId/reject',
    {
      config: { auth: 'admin' },
      schema: {
        ...admin,
        operationId: 'rejectProposal',
        summary: 'Reject a proposal for good',
        params: proposalParams,
        body: ref('rejectProposalRequest'),
        response: { 200: dataOf('proposal'), ...errorResponses(400, 401, 404, 409, 422, 500) },
      },
    },
    async (request) => {
      const { clientId, proposalId } = request.params
      await rejectProposal(app.db, clientId, proposalId, request.body.reason, now())
      return { data: await shown(clientId, proposalId) }
    },
  )

  for (const [method, operationId, summary, change] of [
    [
      'POST',
      'shadowProposal',
      'Decide requests under a proposal beside the live set (APPROVED_FOR_SHADOW)',
      startShadow,
    ],
    ['DELETE', 'unshadowProposal', 'Take a proposal out of shadow', stopShadow],
  ] as const) {
    app.route<{ Params: ProposalParams }>({
      method,
      url: '/v1/admin/clients/:clientId/proposals/:proposalId/shadow',
      config: { auth: 'admin' },
      schema: {
        ...admin,
        operationId,
        summary,
        params: proposalParams,
        response: { 200: dataOf('proposal'), ...errorResponses(401, 404, 409, 422, 500) },
      },
      handler: async (request) => {
        const { clientId, proposalId } = request.params
        await change(app.db, clientId, proposalId, now())
        return { data: await shown(clientId, proposalId) }
      },
    })
  }

  app.post<{ Params: ProposalParams }>(
    '/v1/admin/clients/:clientId/proposals/:proposalId/apply',
    {
      config: { auth: 'admin' },
      schema: {
        ...admin,
        operationId: 'applyProposal',
        summary: 'Promote a proposal whose approvals meet the live quorum to the next version',
        params: proposalParams,
        response: { 200: dataOf('policyVersion'), ...errorResponses(401, 404, 409, 422, 500) },
      },
    },
    async (request) => {
      const { clientId, proposalId } = request.params
      const applied = await applyProposal(app.db, clientId, proposalId, now())
      if (applied.entitiesChanged) await refreshAddressBook(app.db, clientId)
      await app.clientPolicies.applied(clientId, applied.set, applied.updatedAt)
      return { data: versionToApi(applied.version) }
    },
  )

  app.get<{ Params: ClientParams }>(
    '/v1/admin/clients/:clientId/policy-versions',
    {
      config: { auth: 'admin' },
      schema: {
        ...admin,
        operationId: 'listPolicyVersions',
        summary: "List a client's applied policy versions, newest first",
        params: clientParams,
        response: { 200: listOf('policyVersion'), ...errorResponses(401, 404, 422, 500) },
      },
    },
    async (request) => {
      await clientRow(app.db, request.params.clientId)
      const rows = await app.db
        .select()
        .from(policyVersions)
        .where(eq(policyVersions.clientId, request.params.clientId))
        .orderBy(desc(policyVersions.version))
        .limit(100)
      return { data: rows.map(versionToApi) }
    },
  )

  app.get<{ Params: VersionParams }>(
    '/v1/admin/clients/:clientId/policy-versions/:version',
    {
      config: { auth: 'admin' },
      schema: {
        ...admin,
        operationId: 'getPolicyVersion',
        summary: 'Get an applied policy version: the signed set, verifiable by anyone',
        params: versionParams,
        response: { 200: dataOf('policyVersion'), ...errorResponses(401, 404, 422, 500) },
      },
    },
    async (request) => {
      const { clientId, version } = request.params
      const [row] = await app.db
        .select()
        .from(policyVersions)
        .where(and(eq(policyVersions.clientId, clientId), eq(policyVersions.version, version)))
      if (!row)
        throw new GatewayError('POLICY_VERSION_NOT_FOUND', `The client has no policy version ${version}`)
      return { data: versionToApi(row) }
    },
  )

  app.post<{ Params: VersionParams; Body: { description?: string; ttlSeconds?: number } }>(
    '/v1/admin/clients/:clientId/policy-versions/:version/rollback',
    {
      config: { auth: 'admin' },
      schema: {
        ...admin,
        operationId: 'proposeRollback',
        summary:
          'Propose an applied version again as the next version (a rollback, approved like any change)',
        params: versionParams,
        body: ref('rollbackRequest'),
        response: { 201: dataOf('proposal'), ...errorResponses(400, 401, 404, 422, 500) },
      },
    },
    async (request, reply) => {
      const { clientId, version } = request.params
      const row = await proposeRollback(app.db, clientId, version, request.body ?? {}, now())
      reply.status(201)
      return { data: await shown(clientId, row.proposalId) }
    },
  )
}
