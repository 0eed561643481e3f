import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { describe, expect, it } from 'vitest'
import { deriveEd25519 } from './slip10'

// SLIP-0010 test vector 1 for ed25519 (https://github.com/satoshilabs/slips/blob/master/slip-0010.md).
const seed = hexToBytes('000102030405060708090a0b0c0d0e0f')

describe('deriveEd25519', () => {
  it.each([
    [
      'm',
      '90046a93de5380a72b5e45010748567d5ea02bbf6522f979e05c0d8d8ca9fffb',
      '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7',
      'a4b2856bfec510abab89753fac1ac0e1112364e7d250545963f135f2a33188ed',
    ],
    [
      "m/0'",
      '8b59aa11380b624e81507a27fedda59fea6d0b779a778918a2fd3590e16e9c69',
      '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3',
      '8c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c',
    ],
    [
      "m/0'/1'/2'/2'/1000000000'",
      '68789923a0cac2cd5a29172a475fe9e0fb14cd6adb5ad98a3fa70333e7afa230',
      '8f94d394a8e8fd6b1bc2f3f49f5c47e385281d5c17e65324b0f62483e37e8793',
      '3c24da049451555d51a7014a37337aa4e12d41e485abccfa46b47dfb2af54b7a',
    ],
  ])('derives %s', (path, chainCode, privateKey, publicKey) => {
    const node = deriveEd25519(seed, path)
    expect(bytesToHex(node.chainCode)).toBe(chainCode)
    expect(bytesToHex(node.privateKey)).toBe(privateKey)
    expect(bytesToHex(node.publicKey)).toBe(publicKey)
  })

  it('refuses non-hardened segments', () => {
    expect(() => deriveEd25519(seed, 'm/0')).toThrow(/hardened/)
    expect(() => deriveEd25519(seed, 'x/0')).toThrow(/start with m/)
  })
})
