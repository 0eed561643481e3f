import { decodeRequest } from '@rampart/decoder'
import { loadEntities } from '@rampart/entities'
import { describe, expect, it } from 'vitest'
import { entities, erc20TransferRpc, NORA, STRANGER, TREASURY_HOT, USDC } from '../test/northwind'
import { policy } from '../test/policy'
import { createEvaluator } from './createEvaluator'

const PRIYA_CREDENTIAL = 'Lv27n4sXGsJWrkh4ZVHJWSN6beMUC47IvxvPq0ywvQU'
const PRIYA = 'priya.raman@northwind.example'
const anything = policy('permit-anything', 'permit', [{ criterion: 'checkNonceNotExists' }])
const decoded = (rpc: unknown, chainId?: number) =>
  decodeRequest(rpc, { entities, ...(chainId === undefined ? {} : { chainId }) })
const hello = (from: string) => ({ method: 'personal_sign', params: ['0x68656c6c6f', from] })

describe('decide: one rule from a signing request to one decision', () => {
  it('decides an ERC-20 transfer for the account the sender is on its chain, in the organization’s spelling', async () => {
    const evaluator = await createEvaluator({ entities, policies: [anything] })
    const { decision, request, userId } = evaluator.decide({
      principal: PRIYA_CREDENTIAL.toLowerCase(),
      decoded: decoded(erc20TransferRpc(TREASURY_HOT.toLowerCase(), USDC, STRANGER, 5n, 8453)),
    })
    expect(decision.decision).toBe('Permit')
    expect(request).toMatchObject({ action: 'signTransaction', resource: `eip155:8453:${TREASURY_HOT}` })
    expect(userId).toBe(PRIYA)
  })

  it('refuses a sender that is no account of the organization, and one on a chain it has no account on', async () => {
    const evaluator = await createEvaluator({ entities, policies: [anything] })
    for (const rpc of [
      erc20TransferRpc(STRANGER, USDC, TREASURY_HOT, 5n),
      erc20TransferRpc(TREASURY_HOT, USDC, STRANGER, 5n, 100),
    ]) {
      expect(evaluator.decide({ principal: NORA, decoded: decoded(rpc) }).decision).toMatchObject({
        decision: 'Forbid',
        reason: { code: 'UNKNOWN_RESOURCE' },
      })
    }
  })

  it('refuses a request that names no signer, unless the caller names the account', async () => {
    const evaluator = await createEvaluator({ entities, policies: [anything] })
    const rpc = erc20TransferRpc(TREASURY_HOT, USDC, STRANGER, 5n)
    delete (rpc.params[0] as { from?: string }).from
    expect(evaluator.decide({ principal: NORA, decoded: decoded(rpc) }).decision.reason.code).toBe(
      'UNKNOWN_RESOURCE',
    )
    const named = evaluator.decide({
      principal: NORA,
      decoded: decoded(rpc),
      resource: `eip155:1:${TREASURY_HOT}`,
    })
    expect(named.decision.decision).toBe('Permit')
  })

  it('refuses what the decoder could not read, before anything else, whatever the policies say', async () => {
    const evaluator = await createEvaluator({ entities, policies: [anything] })
    const truncated = {
      method: 'eth_sendTransaction',
      params: [
        { from: STRANGER, to: USDC, chainId: '0x1', value: '0x0', data: '0xa9059cbb00000000000000000000' },
      ],
    }
    const { decision } = evaluator.decide({ principal: NORA, decoded: decoded(truncated) })
    expect(decision).toMatchObject({
      decision: 'Forbid',
      reason: { code: 'DECODING_FAILED', errors: [{ path: '/intent/decoderError' }] },
    })
    const unknownMethod = evaluator.decide({
      principal: NORA,
      decoded: decoded({ method: 'eth_sign', params: [] }),
    })
    expect(unknownMethod.decision.reason.code).toBe('DECODING_FAILED')
  })

  it('decides a message for every account of its signer: a forbid on one chain forbids it', async () => {
    const baseOnly = policy('no-messages-on-base', 'forbid', [
      { criterion: 'checkAction', args: ['signMessage'] },
      { criterion: 'checkResource', args: [`eip155:8453:${TREASURY_HOT}`] },
    ])
    const evaluator = await createEvaluator({ entities, policies: [baseOnly, anything] })
    const { decision, request } = evaluator.decide({
      principal: NORA,
      decoded: decoded(hello(TREASURY_HOT), 1),
    })
    expect(decision).toMatchObject({ decision: 'Forbid', decidingPolicy: 'no-messages-on-base' })
    expect(request.resource).toBe(`eip155:8453:${TREASURY_HOT}`)
    // Given as the signer on mainnet, it is still decided for every chain: the signature is valid on each.
    const asSigner = evaluator.decide({
      principal: NORA,
      decoded: decoded(hello(TREASURY_HOT)),
      signer: { address: TREASURY_HOT, chainId: 1 },
    })
    expect(asSigner.decision.decidingPolicy).toBe('no-messages-on-base')
  })

  it('decides each raw payload, and grants without any account', async () => {
    const onePayload = policy('permit-one-payload', 'permit', [
      { criterion: 'checkAction', args: ['signRaw', 'grantPermission'] },
      { criterion: 'checkPermission', args: ['wallet:read'] },
    ])
    const payloads = policy('raw', 'permit', [{ criterion: 'checkAction', args: ['signRaw'] }])
    const evaluator = await createEvaluator({ entities, policies: [onePayload, payloads] })
    const raw = evaluator.decide({
      principal: NORA,
      action: 'signRaw',
      payloads: [`0x${'11'.repeat(32)}`, `0x${'22'.repeat(32)}`],
      algorithm: 'secp256k1_ecdsa',
      signer: { address: TREASURY_HOT, chainId: 1 },
    })
    expect(raw.decision.decision).toBe('Permit')
    expect(raw.request.payload).toBe(`0x${'11'.repeat(32)}`)
    const grant = evaluator.decide({
      principal: NORA,
      action: 'grantPermission',
      permissions: ['wallet:read'],
    })
    expect(grant.decision.decision).toBe('Permit')
    expect(grant.request.resource).toBeUndefined()
  })

  it('refuses an action that is not the action of the decoded method, and a request without either', async () => {
    const evaluator = await createEvaluator({ entities, policies: [anything] })
    const mismatch = evaluator.decide({
      principal: NORA,
      action: 'signMessage',
      decoded: decoded(erc20TransferRpc(TREASURY_HOT, USDC, STRANGER, 5n)),
    })
    expect(mismatch.decision.reason.code).toBe('INVALID_REQUEST')
    expect(evaluator.decide({ principal: NORA }).decision.reason.code).toBe('INVALID_REQUEST')
    expect(evaluator.decide(null as never).decision.decision).toBe('Forbid')
  })

  it('takes the index loadEntities built, the one index the decoder reads too', async () => {
    const { index } = loadEntities(entities, { kind: 'full' })
    const evaluator = await createEvaluator({ entities: index!, policies: [anything] })
    expect(evaluator.entities).toBe(index)
    const rpc = erc20TransferRpc(TREASURY_HOT, USDC, STRANGER, 5n)
    const resolution = decodeRequest(rpc, { entities: evaluator.entities })
    expect(evaluator.decide({ principal: NORA, decoded: resolution }).decision.decision).toBe('Permit')
  })
})
