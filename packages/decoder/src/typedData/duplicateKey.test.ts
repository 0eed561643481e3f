import { describe, expect, it } from 'vitest'
import { decodeIntent } from '../decodeRequest'
import { duplicateKey } from './duplicateKey'

const signer = '0x00000000000000000000000000000000000000aa'
const usdc = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'

/** An EIP-2612 permit of 1 USDC, with room in the domain for an extra member. */
function permitJson(domainExtra: string): string {
  return `{"types":{"EIP712Domain":[{"name":"name","type":"string"},{"name":"version","type":"string"},{"name":"chainId","type":"uint256"},{"name":"verifyingContract","type":"address"}],"Permit":[{"name":"owner","type":"address"},{"name":"spender","type":"address"},{"name":"value","type":"uint256"},{"name":"nonce","type":"uint256"},{"name":"deadline","type":"uint256"}]},"primaryType":"Permit","domain":{"name":"USD Coin","version":"2","chainId":1${domainExtra},"verifyingContract":"${usdc}"},"message":{"owner":"${signer}","spender":"0x000000000022d473030f116ddee9f6b43ac78ba3","value":"1000000","nonce":0,"deadline":1900000000}}`
}

describe('duplicateKey', () => {
  it('finds a member named twice in one object, escapes decoded, and nothing else', () => {
    expect(duplicateKey('{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}]}')).toBeUndefined()
    expect(duplicateKey('{"a":1,"b":{"x":"\\"x\\":","x":2}}')).toBe('/b/x')
    expect(duplicateKey('{"c":[{"k":1},{"k":2,"\\u006b":3}]}')).toBe('/c/1/k')
    expect(duplicateKey('{"a/b":{"~":1,"~":2}}')).toBe('/a~1b/~0')
    expect(duplicateKey('[1,"a","a",{"a":{}}]')).toBeUndefined()
  })

  it('refuses typed data sent as JSON text with a member named twice, which parsers read differently', () => {
    const plain = decodeIntent({ method: 'eth_signTypedData_v4', params: [signer, permitJson('')] })
    expect(plain.error).toBeNull()
    expect(plain.intent).toMatchObject({ type: 'permit', chainId: 1 })
    // JSON.parse keeps the last chainId; a signer that keeps the first (or refuses) signs for another chain.
    const twice = decodeIntent({
      method: 'eth_signTypedData_v4',
      params: [signer, permitJson(',"chainId":137')],
    })
    expect(twice.error).toMatchObject({ name: 'invalidTypedData', path: '/params/1/domain/chainId' })
    expect(twice.intent.type).toBe('unknown')
  })
})
