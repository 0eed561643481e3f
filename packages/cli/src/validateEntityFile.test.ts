import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { invalidUtf8 } from '../test/invalidUtf8'
import { validateEntityFile } from './validateEntityFile'

const dir = mkdtempSync(join(tmpdir(), 'rampart-entity-file-'))
const write = (name: string, text: string) => {
  const file = join(dir, name)
  writeFileSync(file, text)
  return file
}

describe('validateEntityFile', () => {
  it('accepts a file that starts with a byte-order mark', async () => {
    const file = write('bom.json', '\uFEFF{"users": [{"id": "alice", "role": "admin"}]}')
    expect(await validateEntityFile(file)).toEqual({ file, unreadable: false, issues: [] })
  })

  it('locates issues on the first line of a file with a byte-order mark at the columns an editor shows', async () => {
    const file = write('bom-issue.json', '\uFEFF{"users": 5}')
    const { issues } = await validateEntityFile(file, { kind: 'user' })
    expect(issues).toMatchObject([{ code: 'schema.type', path: '/users', line: 1, column: 11 }])
  })

  it("checks the EIP-55 checksum of a mixed-case address, as a file's addresses are typed by hand", async () => {
    // Vitalik's published address with its last digit mistyped.
    const account = { id: 'a', address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96044', accountType: 'eoa' }
    const file = write('checksum.json', JSON.stringify({ accounts: [account] }, null, 2))
    const { issues } = await validateEntityFile(file)
    expect(issues).toMatchObject([{ code: 'address-checksum', path: '/accounts/0/address', line: 5 }])
  })

  it('locates a member named twice at the one JSON.parse keeps, in a file with CR LF line ends and tabs', async () => {
    const file = write(
      'duplicate.json',
      '{\r\n\t"users": [\r\n\t\t{ "id": "bob", "role": "member",\r\n\t\t  "role": "root" }\r\n\t]\r\n}\r\n',
    )
    const { issues } = await validateEntityFile(file)
    expect(issues).toMatchObject([{ code: 'json.duplicate-key', path: '/users/0/role', line: 4, column: 13 }])
  })

  it('refuses bytes that are not UTF-8 at the line and column of the first, a byte-order mark not counted', async () => {
    for (const bom of ['', '\ufeff']) {
      const file = join(dir, `invalid-utf8${bom ? '-bom' : ''}.json`)
      const before = Buffer.from(`${bom}{\r\n  "users": [{"id": "caf\u00e9-`)
      const after = Buffer.from('", "role": "member"}]\r\n}')
      await writeFile(file, Buffer.concat([before, Buffer.from(invalidUtf8), after]))
      const { issues, unreadable } = await validateEntityFile(file)
      expect(unreadable).toBe(false)
      expect(issues).toEqual([
        {
          file,
          path: '',
          line: 2,
          column: 26,
          code: 'json.invalid-utf8',
          severity: 'error',
          message: `invalid UTF-8: the bytes at offset ${bom ? 32 : 29} (c3 28 ff fe) are not a UTF-8 character`,
        },
      ])
    }
  })

  it('refuses a file over the size bound without reading it', async () => {
    const file = write('big.json', `{"users": [${'{"id": "x", "role": "member"},'.repeat(100)}]}`)
    const { issues, unreadable } = await validateEntityFile(file, { maxBytes: 1000 })
    expect(unreadable).toBe(false)
    expect(issues).toMatchObject([{ code: 'json.too-large', line: 1, column: 1, severity: 'error' }])
  })

  it('reads no more than the size bound from a file that is not a regular file', async () => {
    // A device or a pipe has no size to check first; /dev/zero never ends.
    const { issues, unreadable } = await validateEntityFile('/dev/zero', { maxBytes: 1000 })
    expect(unreadable).toBe(false)
    expect(issues).toMatchObject([
      { code: 'json.too-large', line: 1, column: 1, message: 'file is more than the 1000 bytes accepted' },
    ])
  })

  it('reads a named pipe, which has no size to check first', async () => {
    const pipe = join(dir, 'pipe.json')
    execFileSync('mkfifo', [pipe])
    const writing = writeFile(pipe, '{"users": [{"id": "alice", "role": "king"}]}')
    const result = await validateEntityFile(pipe)
    await writing
    expect(result.issues).toMatchObject([{ code: 'schema.enum', path: '/users/0/role', line: 1, column: 36 }])
  })

  it('reports a directory or a missing file as unreadable', async () => {
    for (const [file, message] of [
      [dir, 'is a directory, not a file'],
      [join(dir, 'missing.json'), 'no such file'],
    ]) {
      expect(await validateEntityFile(file!)).toEqual({
        file,
        unreadable: true,
        issues: [{ file, path: '', line: 1, column: 1, code: 'file.unreadable', severity: 'error', message }],
      })
    }
  })

  it('reports an error, and so fails the file, when more than 10,000 warnings come before it', async () => {
    const entry = { address: `0x${'ab'.repeat(20)}`, chainId: 1, classification: 'external' }
    const doc = {
      users: [{ id: 'u', role: 'member' }],
      userGroups: [],
      userGroupMembers: [],
      userAccounts: [],
      credentials: [{ id: 'c', userId: 'u', key: { kty: 'oct' } }],
      accounts: [],
      accountGroups: [],
      accountGroupMembers: [],
      tokens: [],
      addressBook: Array.from({ length: 10_002 }, (_, i) => ({ id: `entry-${i}`, ...entry })),
    }
    const { issues } = await validateEntityFile(write('many-warnings.json', JSON.stringify(doc)))
    expect(issues.filter((issue) => issue.severity === 'error')).toMatchObject([
      { code: 'jwk.unsupported-kty', path: '/credentials/0/key/kty' },
    ])
  })

  it('locates each issue at its value, and a missing member at its object', async () => {
    const file = write(
      'user.json',
      '{\n  "users": [\n    {"id": "alice"},\n    {"id": "bob", "role": "king"}\n  ]\n}',
    )
    const { issues } = await validateEntityFile(file, { kind: 'user' })
    expect(issues.map(({ code, path, line, column }) => ({ code, path, line, column }))).toEqual([
      { code: 'schema.required', path: '/users/0/role', line: 3, column: 5 },
      { code: 'schema.enum', path: '/users/1/role', line: 4, column: 27 },
    ])
  })
})
