import { and, count, eq, sql } from 'drizzle-orm'
import { keccak256, parseTransaction, toHex } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { signingRequests } from '../src/core/database/actionsSchema'
import { recoverInterruptedRequests } from '../src/signing/pipeline/recoverInterruptedRequests'
import { policy, sendEth, testAddress } from './support/signingClient'
import { useSharedSigningGateway, useSigningClient } from './support/useTestGateway'

// One gateway for the signing tests below: each describe registers its own client with the policies it needs,
// and counts its own provider calls.
const gateway = useSharedSigningGateway()

describe('a signature valid on every chain', () => {
  /** The Ethereum account: the policies let it sign nothing off-chain. Its key also signs for every other chain. */
  const ethereumAccount = `eip155:1:${testAddress}`

  const setup = useSigningClient(gateway, {
    policies: [
      policy('ethereum-signs-nothing-off-chain', 'forbid', [
        { criterion: 'checkAction', args: ['signMessage', 'signTypedData', 'signRaw'] },
        { criterion: 'checkResource', args: [ethereumAccount] },
      ]),
      policy('permit-signatures', 'permit', [
        { criterion: 'checkAction', args: ['signMessage', 'signTypedData', 'signRaw'] },
      ]),
    ],
  })

  const polygon = () => ({ type: 'account', id: setup.accounts.POLYGON! })

  function mail(domain: Record<string, unknown>) {
    return {
      domain: { name: 'Orders', ...domain },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          ...('chainId' in domain ? [{ name: 'chainId', type: 'uint256' }] : []),
        ],
        Order: [{ name: 'amount', type: 'uint256' }],
      },
      primaryType: 'Order',
      message: { amount: '1000' },
    }
  }

  it('asked through another chain’s account is decided for every account of the key: typed data without a chainId', async () => {
    const response = await setup.call('POST', '/v1/provider/evm/sign-typed-data', {
      data: mail({}),
      source: polygon(),
      idempotenceId: 'chainless-typed-data',
    })
    expect(response.statusCode, response.body).toBe(403)
    expect(response.json().context.evaluation.decision.decidingPolicy).toBe(
      'ethereum-signs-nothing-off-chain',
    )
  })

  it('a personal message and a raw digest, which no chain binds either', async () => {
    const message = await setup.call('POST', '/v1/provider/evm/sign-message', {
      data: 'I agree',
      source: polygon(),
      idempotenceId: 'chainless-message',
    })
    expect(message.statusCode, message.body).toBe(403)
    const raw = await setup.call('POST', '/v1/provider/sign-raw', {
      data: [{ content: keccak256(toHex('any transaction of any chain')) }],
      source: polygon(),
      algorithm: 'secp256k1_ecdsa',
      idempotenceId: 'chainless-raw',
    })
    expect(raw.statusCode, raw.body).toBe(403)
    expect(setup.calls.signMessage ?? 0).toBe(0)
    expect(setup.calls.signRaw ?? 0).toBe(0)
  })

  it('but typed data bound to the account’s own chain is decided for that account alone', async () => {
    const response = await setup.call('POST', '/v1/provider/evm/sign-typed-data', {
      data: mail({ chainId: 137 }),
      source: polygon(),
      idempotenceId: 'polygon-typed-data',
    })
    expect(response.statusCode, response.body).toBe(201)
  })
})

describe('the network fee a transaction is decided on', () => {
  /** 0.01 ETH: the most network fee the policies let a transaction spend. */
  const feeCap = '10000000000000000'

  const setup = useSigningClient(gateway, {
    policies: [
      policy('forbid-costly-gas', 'forbid', [
        { criterion: 'checkGasFeeAmount', args: { operator: 'gt', value: feeCap } },
      ]),
      policy('permit-transactions', 'permit', [{ criterion: 'checkAction', args: ['signTransaction'] }]),
    ],
  })

  /** The most the signed transaction can spend on gas. */
  function maxFeeOf(signedTransaction: `0x${string}`): bigint {
    const parsed = parseTransaction(signedTransaction)
    return (parsed.gas ?? 0n) * (parsed.maxFeePerGas ?? parsed.gasPrice ?? 0n)
  }

  it('is the fee it is signed with when the request leaves its gas out', async () => {
    const response = await sendEth(setup, '1000', 'no-gas-fields')
    expect(response.statusCode, response.body).toBe(201)
    const record = response.json().data
    const decided = record.sendTransactionRequest.evaluation.report.intent.decoded.gas
    expect(decided?.maxFee).toBe(maxFeeOf(record.signedTransaction).toString())
  })

  it('is known when the request names fees but no gas limit: a fee over the policies is forbidden, not signed', async () => {
    const before = setup.calls.signTransaction ?? 0
    // 21 000 gas at 10^15 wei (a million gwei) is 21 ETH of fee.
    const response = await sendEth(setup, '1000', 'fee-without-gas-limit', {
      maxFeePerGas: '1000000000000000',
      maxPriorityFeePerGas: '1000000000000000',
    })
    expect(response.statusCode, response.body).toBe(403)
    expect(response.json().context.evaluation.decision.decidingPolicy).toBe('forbid-costly-gas')
    expect(setup.calls.signTransaction ?? 0).toBe(before)
  })

  it('is known when the request names a gas limit but no fees', async () => {
    const response = await sendEth(setup, '1000', 'gas-limit-without-fees', { gasLimit: '30000000' })
    // 30 million gas at the network's fees is far over 0.01 ETH.
    expect(response.statusCode, response.body).toBe(403)
    expect(response.json().context.evaluation.decision.decidingPolicy).toBe('forbid-costly-gas')
  })

  it('keeps the gas and fees the request names, and the nonce it leaves out is still left to signing', async () => {
    const response = await sendEth(setup, '1000', 'all-gas-fields', {
      gasLimit: '21000',
      maxFeePerGas: '30000000000',
      maxPriorityFeePerGas: '1000000000',
    })
    expect(response.statusCode, response.body).toBe(201)
    const record = response.json().data
    const parsed = parseTransaction(record.signedTransaction)
    expect(parsed).toMatchObject({
      gas: 21000n,
      maxFeePerGas: 30000000000n,
      maxPriorityFeePerGas: 1000000000n,
    })
    const report = record.sendTransactionRequest.evaluation.report
    expect(report.intent.decoded.gas.maxFee).toBe((21000n * 30000000000n).toString())
    expect(report.intent.decoded.nonce ?? null).toBeNull()
  })
})

describe('a body holding a NUL character', () => {
  const setup = useSigningClient(gateway, {
    policies: [
      policy('permit-all', 'permit', [{ criterion: 'checkAction', args: ['signMessage', 'signTypedData'] }]),
    ],
  })

  const source = () => ({ type: 'account', id: setup.accounts.ETHEREUM! })
  const recorded = async () => {
    const [row] = await setup.gateway.app.db
      .select({ value: count() })
      .from(signingRequests)
      .where(eq(signingRequests.clientId, setup.client.clientId))
    return row?.value
  }

  it('is refused with a 422 and a JSON Pointer, never a 500, and records nothing', async () => {
    const message = await setup.call('POST', '/v1/provider/evm/sign-message', {
      data: 'pay\u0000 attention',
      source: source(),
      idempotenceId: 'nul-message',
    })
    expect(message.statusCode, message.body).toBe(422)
    expect(message.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      context: { issues: [{ path: '/data' }] },
    })

    const typedData = await setup.call('POST', '/v1/provider/evm/sign-typed-data', {
      data: {
        domain: { name: 'Mail', chainId: 1 },
        types: {
          EIP712Domain: [
            { name: 'name', type: 'string' },
            { name: 'chainId', type: 'uint256' },
          ],
          Mail: [{ name: 'contents', type: 'string' }],
        },
        primaryType: 'Mail',
        message: { contents: 'hello\u0000' },
      },
      source: source(),
      idempotenceId: 'nul-typed-data',
    })
    expect(typedData.statusCode, typedData.body).toBe(422)
    expect(typedData.json().context.issues).toEqual([
      expect.objectContaining({ path: '/data/message/contents' }),
    ])
    expect(await recorded()).toBe(0)
  })

  it('can still sign those bytes as a raw message', async () => {
    const raw = `0x${Buffer.from('pay\u0000 attention').toString('hex')}`
    const response = await setup.call('POST', '/v1/provider/evm/sign-message', {
      data: { raw },
      source: source(),
      idempotenceId: 'nul-raw',
    })
    expect(response.statusCode, response.body).toBe(201)
  })
})

describe('a request the provider signed but the gateway could not record', () => {
  const setup = useSigningClient(gateway, {
    policies: [
      policy('permit-transactions', 'permit', [{ criterion: 'checkAction', args: ['signTransaction'] }]),
    ],
  })

  beforeAll(async () => {
    // The database refuses to record one request as signed: what a connection lost right after the provider
    // answered looks like to the gateway. Only this idempotence id, so the other clients here sign as usual.
    await setup.gateway.app.db.execute(sql`
      create function refuse_signed_record() returns trigger language plpgsql as $$
      begin
        if new.status = 'signed' and new.idempotence_id = 'unrecordable' then
          raise exception 'the database went away';
        end if;
        return new;
      end $$`)
    await setup.gateway.app.db.execute(sql`
      create trigger refuse_signed_record before update on signing_requests
      for each row execute function refuse_signed_record()`)
  })

  const rowOf = async (idempotenceId: string) => {
    const [row] = await setup.gateway.app.db
      .select()
      .from(signingRequests)
      .where(
        and(
          eq(signingRequests.clientId, setup.client.clientId),
          eq(signingRequests.idempotenceId, idempotenceId),
        ),
      )
    return row!
  }

  it('is never recorded as failed (nothing signed): it keeps counting for limits and ends INTERRUPTED', async () => {
    const response = await sendEth(setup, '1000', 'unrecordable')
    expect(setup.calls.signTransaction).toBe(1)
    expect(response.statusCode).toBe(500)
    expect(response.json().code).toBe('INTERNAL_ERROR')

    const row = await rowOf('unrecordable')
    // `failed` says the provider signed nothing, and a client would ask again: here it did sign.
    expect(row.status).toBe('processing')
    expect(row.history).toEqual([expect.objectContaining({ amount: '1000' })])

    const later = new Date(Date.now() + 3600_000)
    expect(await recoverInterruptedRequests(setup.gateway.app.signing, 600, later)).toEqual([row.requestId])
    const ended = await rowOf('unrecordable')
    expect(ended.status).toBe('failed')
    expect(ended.failure?.code).toBe('INTERRUPTED')
    expect(ended.history).toEqual(row.history)
  })
})
