import { decodeAbiParameters, encodeAbiParameters } from 'viem'
import { describe, expect, it } from 'vitest'
import { sample } from '../../test/abiSamples'
import { builtinFunctions } from '../calldata/builtinFunctions'
import { compileStaticDecoder } from './compileStaticDecoder'

describe('compileStaticDecoder', () => {
  const compiled = [...builtinFunctions.values()].flat().filter((fn) => compileStaticDecoder(fn.abi.inputs))

  it('compiles the static built-in functions (the hot token calls)', () => {
    const names = compiled.map((fn) => fn.abi.name)
    expect(names).toEqual(
      expect.arrayContaining(['transfer', 'approve', 'transferFrom', 'setApprovalForAll']),
    )
  })

  it('decodes exactly what viem decodes, for every compiled built-in', () => {
    for (const fn of compiled) {
      for (let seed = 0; seed < 25; seed++) {
        const values = fn.abi.inputs.map((input, i) => sample(input.type, seed * 31 + i))
        const data = `${fn.selector}${encodeAbiParameters(fn.abi.inputs, values).slice(2)}`
        const viem = decodeAbiParameters(fn.abi.inputs, `0x${data.slice(10)}`).map((v) =>
          typeof v === 'string' ? v.toLowerCase() : v,
        )
        expect(fn.decodeArgs(data), `${fn.abi.name} seed ${seed}`).toEqual(viem)
      }
    }
  })

  it('refuses dirty high bits and out-of-range values that Solidity would reject', () => {
    const decode = compileStaticDecoder([{ type: 'address' }, { type: 'bool' }, { type: 'uint8' }])!
    const clean = `0xdeadbeef${'0'.repeat(24)}${'11'.repeat(20)}${'0'.repeat(63)}1${'0'.repeat(62)}ff`
    expect(decode(clean)).toEqual([`0x${'11'.repeat(20)}`, true, 255])
    expect(() => decode(`0xdeadbeef${'f'.repeat(64)}${clean.slice(74)}`)).toThrow(/address/)
    expect(() => decode(`${clean.slice(0, 74)}${'0'.repeat(63)}2${clean.slice(138)}`)).toThrow(/bool/)
    expect(() => decode(`${clean.slice(0, 138)}${'0'.repeat(61)}100`)).toThrow(/uint8/)
    // Dirt far above the low digits is refused too, for bool and narrow uints alike.
    expect(() => decode(`${clean.slice(0, 74)}1${'0'.repeat(62)}1${clean.slice(138)}`)).toThrow(/bool/)
    expect(() => decode(`${clean.slice(0, 138)}8${'0'.repeat(61)}ff`)).toThrow(/uint8/)
  })

  it('reads uint256 amounts around the short-reader boundary exactly', () => {
    const decode = compileStaticDecoder([{ type: 'uint256' }, { type: 'uint160' }])!
    const values = [0n, 1n, 2n ** 52n - 1n, 2n ** 52n, 2n ** 53n + 1n, 2n ** 160n - 1n]
    for (const value of values) {
      const data = `0xdeadbeef${encodeAbiParameters([{ type: 'uint256' }, { type: 'uint160' }], [value, value]).slice(2)}`
      expect(decode(data)).toEqual([value, value])
    }
    const over160 = `0xdeadbeef${'0'.repeat(64)}${'0'.repeat(23)}1${'0'.repeat(40)}`
    expect(() => decode(over160)).toThrow(/uint160/)
  })

  it('reports truncated calldata', () => {
    const decode = compileStaticDecoder([{ type: 'address' }, { type: 'uint256' }])!
    expect(() => decode(`0xa9059cbb${'0'.repeat(100)}`)).toThrow(
      expect.objectContaining({ code: 'truncatedCalldata' }),
    )
  })

  it('leaves dynamic and signed shapes to viem', () => {
    expect(compileStaticDecoder([{ type: 'bytes' }])).toBeUndefined()
    expect(compileStaticDecoder([{ type: 'int256' }])).toBeUndefined()
    expect(compileStaticDecoder([{ type: 'uint256[]' }])).toBeUndefined()
  })
})
