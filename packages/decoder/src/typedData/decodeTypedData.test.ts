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

describe('decodeTypedDataRequest on typed data sent as an object', () => {
  const types = {
    EIP712Domain: [{ name: 'name', type: 'string' }],
    Note: [{ name: 'text', type: 'string' }],
  }
  const domain = { name: 'Notes' }

  it('holds it to the size bound of typed data sent as JSON text', () => {
    const small = { types, primaryType: 'Note', domain, message: { text: 'hello' } }
    expect(decodeIntent({ ...request, params: [signer, small] }).error).toBeNull()
    // Text within the bound is within it parsed too: 100,000 array elements in 200 kB of JSON.
    const listTypes = { ...types, Note: [{ name: 'items', type: 'uint8[]' }] }
    const list = { types: listTypes, primaryType: 'Note', domain, message: { items: Array(100_000).fill(0) } }
    expect(JSON.stringify(list).length).toBeLessThan(256 * 1024)
    expect(decodeIntent({ ...request, params: [signer, JSON.stringify(list)] }).error).toBeNull()
    expect(decodeIntent({ ...request, params: [signer, list] }).error).toBeNull()
    const large = { ...small, message: { text: 'x'.repeat(300 * 1024) } }
    expect(decodeIntent({ ...request, params: [signer, JSON.stringify(large)] }).error?.name).toBe(
      'sizeLimitExceeded',
    )
    expect(decodeIntent({ ...request, params: [signer, large] }).error?.name).toBe('sizeLimitExceeded')
  })

  it('counts an object shared by several members once per member, as its JSON text would', () => {
    // 2^20 leaves in JSON text (about 20 MB), twenty objects in memory; at 40 levels, walking it would take hours.
    const levels = 40
    const tree: Record<string, { name: string; type: string }[]> = { EIP712Domain: types.EIP712Domain }
    for (let i = 0; i < levels; i++)
      tree[`T${i}`] = [
        { name: 'a', type: `T${i + 1}` },
        { name: 'b', type: `T${i + 1}` },
      ]
    tree[`T${levels}`] = [{ name: 'v', type: 'uint256' }]
    let message: Record<string, unknown> = { v: '1' }
    for (let i = 0; i < levels; i++) message = { a: message, b: message }
    const { error } = decodeIntent({
      ...request,
      params: [signer, { types: tree, primaryType: 'T0', domain, message }],
    })
    expect(error?.name).toBe('depthLimitExceeded')
    const shallow = 20
    message = { v: '1' }
    for (let i = 0; i < shallow; i++) message = { a: message, b: message }
    const wide = { types: { ...tree, T0: tree[`T${levels - shallow}`]! }, primaryType: 'T0', domain, message }
    expect(decodeIntent({ ...request, params: [signer, wide] }).error?.name).toBe('sizeLimitExceeded')
  })
})

const permitSigner = '0x00000000000000000000000000000000000000aa'
const usdc = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'

/** An EIP-2612 permit of 1 USDC, with room in the domain for an extra member. */
function permitJson(domainExtra: string): string {
  return `{"types":{"EIP712Domain":[{"name":"name","type":"string"},{"name":"version","type":"string"},{"name":"chainId","type":"uint256"},{"name":"verifyingContract","type":"address"}],"Permit":[{"name":"owner","type":"address"},{"name":"spender","type":"address"},{"name":"value","type":"uint256"},{"name":"nonce","type":"uint256"},{"name":"deadline","type":"uint256"}]},"primaryType":"Permit","domain":{"name":"USD Coin","version":"2","chainId":1${domainExtra},"verifyingContract":"${usdc}"},"message":{"owner":"${permitSigner}","spender":"0x000000000022d473030f116ddee9f6b43ac78ba3","value":"1000000","nonce":0,"deadline":1900000000}}`
}

describe('decodeTypedDataRequest on typed data sent as JSON text', () => {
  it('refuses typed data sent as JSON text with a member named twice, which parsers read differently', () => {
    const plain = decodeIntent({ method: 'eth_signTypedData_v4', params: [permitSigner, permitJson('')] })
    expect(plain.error).toBeNull()
    expect(plain.intent).toMatchObject({ type: 'permit', chainId: 1 })
    // JSON.parse keeps the last chainId; a signer that keeps the first (or refuses) signs for another chain.
    const twice = decodeIntent({
      method: 'eth_signTypedData_v4',
      params: [permitSigner, permitJson(',"chainId":137')],
    })
    expect(twice.error).toMatchObject({ name: 'invalidTypedData', path: '/params/1/domain/chainId' })
    expect(twice.intent.type).toBe('unknown')
  })
})
