import { describe, expect, it } from 'vitest'
import { anyCaseHexDigits, lowercaseHexDigits, smallHexQuantity } from './hexDigits'

describe('hexDigits', () => {
  it('maps exactly the hex digits', () => {
    for (let code = 0; code < 128; code++) {
      const char = String.fromCharCode(code)
      const lower = /^[0-9a-f]$/.test(char) ? Number.parseInt(char, 16) : -1
      const any = /^[0-9a-fA-F]$/.test(char) ? Number.parseInt(char, 16) : -1
      expect([lowercaseHexDigits[code], anyCaseHexDigits[code]], char).toEqual([lower, any])
    }
  })

  it('reads 0x quantities of up to 13 digits exactly, and nothing else', () => {
    for (const text of ['0x0', '0x1', '0xA', '0xff', '0x00001', '0xDeadBeef', '0xfffffffffffff']) {
      expect(smallHexQuantity(text), text).toBe(Number(BigInt(text)))
    }
    const refused = [
      '',
      '0x',
      '0X1',
      '1',
      '0x1 ',
      ' 0x1',
      '0x-1',
      '0x1g',
      '0x\u0661',
      '0x10000000000000',
      'x01',
    ]
    for (const text of refused) expect(smallHexQuantity(text), JSON.stringify(text)).toBe(-1)
  })
})
