// `rampart evaluate` decides by the library's one rule: what the decoder could not read, a sender that is no
// account, a grant asking for more than a policy lists are all Forbid (exit 3), whatever else the policies permit.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { captureOutput } from '../../test/captureOutput'
import { runRampartInProcess } from '../../test/runRampart'
import { EXIT } from '../exitCodes'
import { runEvaluate } from './evaluate'

const fixtures = fileURLToPath(new URL('../../../../fixtures/', import.meta.url))
const entities = join(fixtures, 'entities/valid/northwind.json')
const NORA = 'nora.jensen@northwind.example'
const TREASURY_HOT = '0x800d6b5D1bA8ee5abf89019b4f7D89329d407B69'
/** Northwind's smart account, on Arbitrum and Base only. */
const ARBITRUM_4337 = '0xAcBef6ce72Aa1B8140253f3Bc5551A445d79919B'
const dir = mkdtempSync(join(tmpdir(), 'rampart-decision-rule-'))
/** A permit as policy.schema.json shapes it. */
const permit = (id: string, when: unknown[]) => ({
  id,
  // biome-ignore lint/suspicious/noThenProperty: `then` is the policy's effect, as policy.schema.json names it.
  then: 'permit',
  when,
})
const write = (name: string, value: unknown) => {
  const file = join(dir, name)
  writeFileSync(file, JSON.stringify(value))
  return file
}
const permitSigning = write('permit-signing.json', [
  permit('p', [{ criterion: 'checkAction', args: ['signTransaction', 'signUserOperation', 'signRaw'] }]),
])

async function decide(request: unknown, options: Record<string, unknown> = {}, policies = permitSigning) {
  const { out } = captureOutput()
  const code = await runEvaluate(write('request.json', request), {
    entities,
    policies,
    principal: NORA,
    ...options,
  })
  return { code, printed: out.length > 0 ? JSON.parse(out.join('')) : undefined }
}

/** Every request of the repository the decoder cannot fully read, sent from Northwind's treasury account. */
const undecodable = [
  ...readdirSync(join(fixtures, 'requests'))
    .map((name) => ({ name, fixture: JSON.parse(readFileSync(join(fixtures, 'requests', name), 'utf8')) }))
    .filter(({ fixture }) => fixture.expected?.error),
  ...readdirSync(join(fixtures, 'decoder-errors')).map((name) => ({
    name,
    fixture: JSON.parse(readFileSync(join(fixtures, 'decoder-errors', name), 'utf8')),
  })),
]

describe('rampart evaluate decides by the one rule', () => {
  it('refuses the truncated transfer a permit of every transaction would have let through (exit 3)', async () => {
    const request = write('truncated.json', {
      method: 'eth_sendTransaction',
      params: [
        {
          from: TREASURY_HOT,
          to: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
          chainId: '0x1',
          value: '0x0',
          data: '0xa9059cbb00000000000000000000',
        },
      ],
    })
    const args = ['--entities', entities, '--policies', permitSigning, '--principal', NORA]
    const { code, stdout } = await runRampartInProcess(['evaluate', ...args, request])
    expect(code).toBe(EXIT.forbid)
    expect(JSON.parse(stdout)).toMatchObject({
      decision: 'Forbid',
      reason: { code: 'DECODING_FAILED' },
      intent: { decoderError: { name: 'truncatedCalldata' } },
    })
  })

  it.each(undecodable)('refuses $name, which the decoder cannot read (exit 3)', async ({ fixture }) => {
    const request = JSON.parse(
      JSON.stringify(fixture.request).replaceAll('0x61640a8d48bca205ba91b16b0b7745e7abc61084', TREASURY_HOT),
    )
    const { code, printed } = await decide(request)
    expect(code).toBe(EXIT.forbid)
    expect(printed.reason.code).toBe('DECODING_FAILED')
  })

  it('refuses a sender that is no account of the organization (exit 3), as the gateway does', async () => {
    const { request: transfer } = JSON.parse(
      readFileSync(join(fixtures, 'policies/requests/northwind-usdc-to-binance.json'), 'utf8'),
    )
    const stranger = { ...transfer.params[0], from: '0x4444444444444444444444444444444444444444' }
    const { code, printed } = await decide({ ...transfer, params: [stranger] })
    expect(code).toBe(EXIT.forbid)
    expect(printed.reason.code).toBe('UNKNOWN_RESOURCE')
  })

  it('grants only what a policy lists in full, and decides raw signatures', async () => {
    const readOnly = write('read-only.json', [
      permit('read-only', [
        { criterion: 'checkAction', args: ['grantPermission'] },
        { criterion: 'checkPermission', args: ['wallet:read'] },
      ]),
    ])
    const grant = (permissions: string[]) => ({ action: 'grantPermission', permissions })
    expect((await decide(grant(['wallet:read', 'wallet:delete']), {}, readOnly)).code).toBe(EXIT.forbid)
    expect((await decide(grant(['wallet:read']), {}, readOnly)).code).toBe(EXIT.ok)
    const raw = {
      action: 'signRaw',
      payloads: [`0x${'ab'.repeat(32)}`],
      algorithm: 'secp256k1_ecdsa',
      signer: { address: TREASURY_HOT, chainId: 1 },
    }
    expect(await decide(raw)).toMatchObject({ code: EXIT.ok, printed: { decision: 'Permit' } })
    const stranger = { ...raw, signer: { address: '0x4444444444444444444444444444444444444444', chainId: 1 } }
    expect((await decide(stranger)).printed.reason.code).toBe('UNKNOWN_RESOURCE')
  })

  it('decides a user operation on the chain given, where its smart account is', async () => {
    const fixture = JSON.parse(
      readFileSync(join(fixtures, 'requests/user-operation-v06-verifying-paymaster.json'), 'utf8'),
    )
    const [operation, entryPoint] = fixture.request.params
    const request = { ...fixture.request, params: [{ ...operation, sender: ARBITRUM_4337 }, entryPoint] }
    // On mainnet by default, where Northwind has no such account.
    expect((await decide(request)).printed.reason.code).toBe('UNKNOWN_RESOURCE')
    const onArbitrum = await decide(request, { chainId: '42161' })
    expect(onArbitrum).toMatchObject({ code: EXIT.ok, printed: { intent: { chainId: 42161 } } })
    expect((await decide(request, { chainId: 'base' })).code).toBe(EXIT.usage)
  })

  it('counts a history file toward spending limits', async () => {
    const { request: transfer } = JSON.parse(
      readFileSync(join(fixtures, 'policies/requests/northwind-usdc-to-binance.json'), 'utf8'),
    )
    const usdc = 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
    const limited = write('limited.json', [
      permit('usdc-per-day', [
        { criterion: 'checkAction', args: ['signTransaction'] },
        {
          criterion: 'checkSpendingLimit',
          args: {
            limit: '1500000000',
            window: { type: 'rolling', seconds: 86400 },
            filters: { tokens: [usdc] },
          },
        },
      ]),
    ])
    const now = 1_741_953_600
    expect((await decide(transfer, { now: String(now) }, limited)).code).toBe(EXIT.ok)
    const history = write('history.json', [{ amount: '1000000000', token: usdc, timestamp: now - 60 }])
    expect((await decide(transfer, { now: String(now), history }, limited)).code).toBe(EXIT.forbid)
  })
})
