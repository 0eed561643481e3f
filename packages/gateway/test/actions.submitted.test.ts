import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signingRequests } from '../src/core/database/actionsSchema'
import { type CreateOptions, type CustodyProvider, createLocalProvider } from '../src/providers'
import { policy, registerSigningClient, type SigningSetup } from './support/signingClient'
import { startTestGateway, testScrypt } from './support/testGateway'

/**
 * A custodian that answers "submitted" to typed-data signatures: the local provider, whose signTypedData hands back
 * an id and status instead of a signature, and remembers the idempotency key of each create.
 */
function submittingProvider() {
  const local = createLocalProvider({ scrypt: testScrypt })
  const keys: string[] = []
  const provider: CustodyProvider = {
    id: local.id,
    name: local.name,
    validateCredentials: (credentials) => local.validateCredentials(credentials),
    async connect(credentials, context) {
      const session = await local.connect(credentials as never, context)
      const signTypedData = async (_input: unknown, options?: CreateOptions) => {
        keys.push(options?.idempotencyKey ?? 'none')
        return {
          submitted: true,
          externalId: `ext-${keys.length}`,
          externalStatus: 'PENDING_AUTHORIZATION',
          status: 'pending_approval',
        }
      }
      // The session's own methods keep their receiver (it holds private state); only signTypedData is replaced.
      return new Proxy(session, {
        get(target, property) {
          if (property === 'signTypedData') return signTypedData
          const value = Reflect.get(target, property, target)
          return typeof value === 'function' ? value.bind(target) : value
        },
      })
    },
  }
  return { provider, keys }
}

const typedData = {
  domain: { name: 'Ether Mail', version: '1', chainId: 1 },
  types: { Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail',
  message: { contents: 'Hello' },
}

describe('a create a custodian answers "submitted"', () => {
  const { provider, keys } = submittingProvider()
  let setup: SigningSetup
  beforeAll(async () => {
    const gateway = await startTestGateway({}, { providers: [provider] })
    setup = await registerSigningClient(gateway, {
      policies: [
        policy('permit-typed-data', 'permit', [{ criterion: 'checkAction', args: ['signTypedData'] }]),
      ],
    })
  })
  afterAll(async () => setup?.gateway.close())

  it('is recorded processing with the custodian id and its status verbatim, and sent with the row id as its key', async () => {
    const response = await setup.call('POST', '/v1/provider/evm/sign-typed-data', {
      data: typedData,
      source: { type: 'account', id: setup.accounts.ETHEREUM! },
      idempotenceId: 'submitted-1',
    })
    expect(response.statusCode, response.body).toBe(201)
    const record = response.json().data
    expect(record).toMatchObject({
      status: 'processing',
      externalId: 'ext-1',
      externalStatus: 'PENDING_AUTHORIZATION',
      signature: null,
      failure: null,
    })
    const [row] = await setup.gateway.app.db
      .select()
      .from(signingRequests)
      .where(eq(signingRequests.idempotenceId, 'submitted-1'))
    expect(keys).toEqual([row!.rowId])
    const read = await setup.call('GET', `/v1/provider/evm/sign-typed-data/${record.requestId}`)
    expect(read.json().data).toEqual(record)
  })
})
