import type { Entities } from '@rampart/entities'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { accounts, addresses, networks } from '../core/database/schema'
import { demoAccountId, withDemoIdentity } from './demoEntities'
import type { DemoClient, DemoFile, ProvisionResult } from './demoFile'

/**
 * The connection's address on each network the demo file names (the first address of its account, the one a
 * request signs with unless it names another), as the signing pipeline names it. A missing one fails: the demo
 * would otherwise sign from an account the policies do not know.
 */
async function connectionAccounts(app: FastifyInstance, demo: DemoFile, clientId: string) {
  const wanted = demo.connection.accounts?.networks ?? []
  if (wanted.length === 0) return []
  const rows = await app.db
    .select({ networkId: accounts.networkId, chainId: networks.evmChainId, address: addresses.address })
    .from(accounts)
    .innerJoin(addresses, eq(addresses.accountId, accounts.accountId))
    .innerJoin(networks, eq(networks.networkId, accounts.networkId))
    .where(
      and(
        eq(accounts.clientId, clientId),
        eq(accounts.connectionId, demo.connection.connectionId),
        inArray(accounts.networkId, wanted),
      ),
    )
    .orderBy(
      asc(accounts.createdAt),
      asc(accounts.accountId),
      asc(addresses.createdAt),
      asc(addresses.addressId),
    )
  return wanted.map((networkId, index) => {
    const row = rows.find((r) => r.networkId === networkId)
    if (!row || row.chainId === null) {
      throw new Error(
        `Demo provisioning: /connection/accounts/networks/${index} (${networkId}) is no EVM network the connection has an address on`,
      )
    }
    return { chainId: row.chainId, address: row.address }
  })
}

/**
 * Makes the demo key a credential of the demo file's user, and the connection's addresses entities accounts, so the
 * policies know both the principal and the resource of a demo request. The entities change through the admin API,
 * validated as an operator's change is, and only when something is missing: a later start changes nothing.
 */
export async function provisionIdentity(
  app: FastifyInstance,
  demo: DemoFile,
  client: DemoClient,
): Promise<Pick<ProvisionResult, 'identity' | 'updatedEntities'>> {
  const userId = demo.client.signsAs
  if (!userId) return { identity: null, updatedEntities: false }
  const groups = demo.connection.accounts?.groups ?? []
  const evmAccounts = await connectionAccounts(app, demo, client.clientId)
  const admin = async (method: 'GET' | 'PATCH', body?: Record<string, unknown>) => {
    const response = await app.inject({
      method,
      url: `/v1/admin/clients/${encodeURIComponent(client.clientId)}`,
      headers: { 'x-api-key': app.config.adminApiKey },
      ...(body === undefined ? {} : { payload: body }),
    })
    if (response.statusCode >= 300)
      throw new Error(`Demo provisioning: ${method} /v1/admin/clients answered ${response.body}`)
    return response.json().data as { entities: Entities }
  }
  const { entities } = await admin('GET')
  if (!(entities.users ?? []).some((user) => user.id === userId)) {
    throw new Error(`Demo provisioning: /client/signsAs (${userId}) is no user of the client's entities`)
  }
  const { d: _private, ...publicJwk } = client.privateJwk
  const updated = withDemoIdentity(entities, {
    userId,
    publicJwk,
    accounts: evmAccounts,
    accountGroups: groups,
  })
  if (updated) await admin('PATCH', { entities: updated })
  return {
    identity: {
      userId,
      accountIds: evmAccounts.map(({ chainId, address }) => demoAccountId(chainId, address)),
      groups,
    },
    updatedEntities: updated !== null,
  }
}
