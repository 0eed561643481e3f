import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { hashTypedData } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeIntent } from '../decodeRequest'

// A mainnet DAI permit (allowed = true), signed in CoW Swap.
const daiPermit = JSON.parse(
  readFileSync(
    fileURLToPath(new URL('../../../../fixtures/requests/permit-dai.json', import.meta.url)),
    'utf8',
  ),
).request as { method: string; params: [string, { message: Record<string, unknown> }] }

function withAllowed(allowed: unknown) {
  const [signer, typedData] = daiPermit.params
  return {
    method: daiPermit.method,
    params: [signer, { ...typedData, message: { ...typedData.message, allowed } }],
  }
}

describe('decodePermit', () => {
  it('reads DAI allowed as the boolean it is signed as, and refuses a value signers read differently', () => {
    expect(decodeIntent(withAllowed(true)).intent).toMatchObject({ type: 'permit', unlimited: true })
    expect(decodeIntent(withAllowed('true')).intent).toMatchObject({ type: 'permit', unlimited: true })
    expect(decodeIntent(withAllowed(false)).intent).toMatchObject({ type: 'permit', amount: '0' })
    // ethers hashes a bool by truthiness ('false' and 1 sign allowed = true, an unlimited allowance), eth-sig-util
    // refuses 1 and reads 'false' as false: no reading is safe, so none is given.
    for (const allowed of ['false', 1, 0, 'yes', null]) {
      const { intent, error } = decodeIntent(withAllowed(allowed))
      expect(error?.name, JSON.stringify(allowed)).toBe('invalidTypedData')
      expect(intent.type).toBe('unknown')
    }
  })

  it('reads the fields the Permit type declares, not members the message adds that signers leave out', () => {
    // A mainnet EIP-2612 permit of 25 USDC, with DAI's members added: holder, expiry and allowed = false.
    const usdc = JSON.parse(
      readFileSync(
        fileURLToPath(new URL('../../../../fixtures/requests/permit-eip2612-usdc.json', import.meta.url)),
        'utf8',
      ),
    ).request as { method: string; params: [string, string] }
    const typedData = JSON.parse(usdc.params[1])
    const { owner } = typedData.message
    const padded = {
      ...typedData,
      message: { ...typedData.message, holder: owner, expiry: 0, allowed: false },
    }
    // What is signed is the same 25 USDC permit: undeclared members are not hashed.
    expect(hashTypedData(padded)).toBe(hashTypedData(typedData))
    const { intent, error } = decodeIntent({ method: usdc.method, params: [usdc.params[0], padded] })
    expect(error).toBeNull()
    expect(intent).toMatchObject({ type: 'permit', amount: '25000000', unlimited: false })
  })
})
