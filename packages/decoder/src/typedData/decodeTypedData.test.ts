import { readFileSync } from 'node:fs'
import { hashTypedData } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeIntent } from '../decodeRequest'

// A Permit2 PermitTransferFrom captured from a mainnet dapp (its domain names chain 100).
const { request } = JSON.parse(
  readFileSync(
    new URL('../../../../fixtures/requests/permit2-permit-transfer-from.json', import.meta.url),
    'utf8',
  ),
)
const [signer, typedData] = request.params

/** The same typed data with a domain that names no chain (and the domain type to match). */
function withoutChain(chainId: unknown) {
  const { chainId: _chainId, ...domain } = typedData.domain
  const types = {
    ...typedData.types,
    EIP712Domain: typedData.types.EIP712Domain.filter((f: { name: string }) => f.name !== 'chainId'),
  }
  return { ...typedData, types, domain: chainId === undefined ? domain : { ...domain, chainId } }
}

describe('decodeTypedDataRequest', () => {
  it('reads the chain from the domain, whatever chain the request is sent on', () => {
    const { intent } = decodeIntent(request, { chainId: 1 })
    expect(intent.chainId).toBe(100)
  })

  it('reads a domain that names no chain as bound to none (0), not as the chain the request is sent on', () => {
    // Without chainId the signed hash is the same on every chain: a policy allowing chain 1 must not see chain 1.
    const unbound = withoutChain(undefined)
    expect(hashTypedData(unbound)).toBe(hashTypedData(withoutChain(null)))
    for (const data of [unbound, withoutChain(null), JSON.stringify(unbound)]) {
      for (const options of [{}, { chainId: 1 }]) {
        const { intent, error } = decodeIntent({ ...request, params: [signer, data] }, options)
        expect(error).toBeNull()
        expect(intent).toMatchObject({ type: 'permit2Transfer', chainId: 0 })
      }
    }
  })
})
