import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { writeWithInvalidUtf8 } from '../test/invalidUtf8'
import { readJsonInput } from './readJsonInput'

describe('readJsonInput', () => {
  it('refuses an input larger than its bound without reading more of it, a device that never ends included', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rampart-input-'))
    const file = join(dir, 'request.json')
    writeFileSync(file, JSON.stringify({ method: 'personal_sign', params: ['x'.repeat(200)] }))
    await expect(readJsonInput(file, 'request', 100)).rejects.toThrow(
      `request ${file}: more than the 100 bytes accepted`,
    )
    expect(await readJsonInput(file, 'request', 1000)).toMatchObject({ method: 'personal_sign' })
    await expect(readJsonInput('/dev/zero', 'request', 1 << 20)).rejects.toThrow(
      'request /dev/zero: more than the 1048576 bytes accepted',
    )
  })

  it('refuses bytes that are not UTF-8, naming the input, line and column of the first', async () => {
    const file = writeWithInvalidUtf8(
      'request.json',
      '{\n  "method": "personal_sign", "params": ["a',
      '"]\n}',
    )
    await expect(readJsonInput(file, 'request')).rejects.toThrow(
      `request ${file}:2:43: invalid UTF-8: the bytes at offset 44 (c3 28 ff fe) are not a UTF-8 character`,
    )
  })
})
