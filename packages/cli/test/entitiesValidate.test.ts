import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { LocatedIssue } from '../src/locatedIssue'
import { writeWithInvalidUtf8 } from './invalidUtf8'
import { repoRoot, runRampart, runRampartInProcess } from './runRampart'

const invalid = 'fixtures/entities/invalid'

/** The 1-based line and column where `needle` starts in a fixture, found independently of the CLI's locator. */
function positionOf(file: string, needle: string, occurrence = 1): { line: number; column: number } {
  const text = readFileSync(join(repoRoot, file), 'utf8')
  let at = -1
  for (let i = 0; i < occurrence; i++) at = text.indexOf(needle, at + 1)
  const before = text.slice(0, at).split('\n')
  return { line: before.length, column: before.at(-1)!.length + 1 }
}

// The first case runs the real binary; the others run the same program in this process, which is many times faster.
describe('rampart entities validate', { timeout: 60_000 }, () => {
  it('accepts the valid fixtures: exit 0, nothing on stdout, a summary on stderr', async () => {
    const result = await runRampart(['entities', 'validate', 'fixtures/entities/valid/*.json'])
    expect(result).toEqual({ code: 0, stdout: '', stderr: '3 files checked: 0 errors, 0 warnings\n' })
  })

  it('prints file:line:col  severity  code  message (at pointer) and exits 1 on errors', async () => {
    const file = `${invalid}/jwk-alg-mismatch.json`
    const { line, column } = positionOf(file, '"ES256"')
    const result = await runRampartInProcess(['entities', 'validate', file])
    expect(result.code).toBe(1)
    expect(result.stdout).toBe(
      `${file}:${line}:${column}  error  jwk.alg-mismatch  alg "ES256" does not fit curve secp256k1; use ES256K (at /credentials/0/key/alg)\n`,
    )
    expect(result.stderr).toBe('1 file checked: 1 error, 0 warnings in 1 file\n')
  })

  it('refuses bytes that are not UTF-8 inside an id, at the line and column of the first, and exits 1', async () => {
    const file = writeWithInvalidUtf8('users.json', '{\n  "users": [{"id": "a', '", "role": "member"}]\n}\n')
    const result = await runRampartInProcess(['entities', 'validate', file])
    expect(result.code).toBe(1)
    expect(result.stdout).toBe(
      `${file}:2:22  error  json.invalid-utf8  invalid UTF-8: the bytes at offset 23 (c3 28 ff fe) are not a UTF-8 character\n`,
    )
  })

  it('prints errors only with --quiet, and exits 1 past --max-warnings', async () => {
    const file = 'fixtures/entities/warnings/root-without-credential.json'
    const quiet = await runRampartInProcess(['entities', 'validate', '--quiet', file])
    expect(quiet).toMatchObject({ code: 0, stdout: '' })
    expect(quiet.stderr).toContain('1 warning')
    const allowed = await runRampartInProcess(['entities', 'validate', '--max-warnings', '1', file])
    expect(allowed.code).toBe(0)
    const strict = await runRampartInProcess(['entities', 'validate', '--max-warnings', '0', file])
    expect(strict.code).toBe(1)
    expect(strict.stderr).toContain('more than --max-warnings 0')
    const errors = await runRampartInProcess([
      'entities',
      'validate',
      '--quiet',
      `${invalid}/jwk-alg-mismatch.json`,
    ])
    expect(errors.code).toBe(1)
    expect(errors.stdout).toContain('jwk.alg-mismatch')
    const usage = await runRampartInProcess(['entities', 'validate', '--max-warnings', 'some', file])
    expect(usage.code).toBe(2)
  })

  it('exits 0 on warnings alone, and prints them', async () => {
    const file = 'fixtures/entities/warnings/root-without-credential.json'
    const result = await runRampartInProcess(['entities', 'validate', file])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(
      /^fixtures\/entities\/warnings\/root-without-credential\.json:3:5 {2}warning {2}root-without-credential {2}/,
    )
  })

  it('reports every invalid fixture in JSON, each at the line and column of its value', async () => {
    const result = await runRampartInProcess([
      'entities',
      'validate',
      '--format',
      'json',
      `${invalid}/*.json`,
    ])
    expect(result.code).toBe(1)
    // Only the note that the document missing a collection is validated as a full one, for want of a kind.
    expect(result.stderr).toMatch(
      /^rampart: note: fixtures\/entities\/invalid\/missing-collection\.json: matches no partial kind, [^\n]*\n$/,
    )
    const issues = JSON.parse(result.stdout) as LocatedIssue[]
    expect(issues).toHaveLength(22)
    for (const issue of issues) {
      expect(Object.keys(issue)).toEqual(['file', 'path', 'line', 'column', 'code', 'severity', 'message'])
    }
    const byFile = new Map(issues.map((issue) => [issue.file.replace(`${invalid}/`, ''), issue]))
    expect(byFile.get('schema-enum.json')).toMatchObject({
      path: '/users/2/role',
      code: 'schema.enum',
      ...positionOf(`${invalid}/schema-enum.json`, '"owner"'),
    })
    expect(byFile.get('duplicate-id.json')).toMatchObject({
      path: '/users/3/id',
      code: 'duplicate-id',
      ...positionOf(`${invalid}/duplicate-id.json`, '"Alice"'),
    })
    expect(byFile.get('invalid-address.json')).toMatchObject({
      path: '/accounts/1/address',
      code: 'invalid-address',
      ...positionOf(`${invalid}/invalid-address.json`, '"0x1234"'),
    })
    // A missing member is located at the object that lacks it.
    expect(byFile.get('schema-required.json')).toMatchObject({
      path: '/users/1/role',
      code: 'schema.required',
      ...positionOf(`${invalid}/schema-required.json`, '{', 3),
    })
    expect(byFile.get('forbidden-key.json')).toMatchObject({
      path: '/credentials/0/key/__proto__',
      code: 'json.forbidden-key',
      ...positionOf(`${invalid}/forbidden-key.json`, '{\n          "admin"'),
    })
    expect(new Set(issues.map((issue) => issue.code))).toEqual(
      new Set([
        'schema.required',
        'schema.additionalProperties',
        'schema.enum',
        'schema.type',
        'invalid-address',
        'duplicate-id',
        'duplicate-membership',
        'dangling-reference',
        'token-id-format',
        'token-id-mismatch',
        'duplicate-account-address',
        'address-book-conflict',
        'jwk.unsupported-kty',
        'jwk.unsupported-curve',
        'jwk.alg-mismatch',
        'jwk.invalid-coordinates',
        'jwk.point-not-on-curve',
        'jwk.private-key',
        'duplicate-kid',
        'duplicate-key',
        'json.forbidden-key',
      ]),
    )
  })

  it('prints GitHub workflow annotations', async () => {
    const file = `${invalid}/dangling-reference.json`
    const { line, column } = positionOf(file, '"mallory"')
    const result = await runRampartInProcess(['entities', 'validate', '--format', 'github', file])
    expect(result.code).toBe(1)
    expect(result.stdout).toBe(
      `::error file=${file},line=${line},col=${column},title=dangling-reference::` +
        'userId "mallory" does not match any user in users (/userGroupMembers/1/userId)\n',
    )
  })

  it('reports invalid JSON and a too-deep document at their place, with exit 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rampart-cli-'))
    writeFileSync(join(dir, 'broken.json'), '{\n  "users": [\n    {"id": "a", "role": "root"},,\n  ]\n}\n')
    writeFileSync(join(dir, 'deep.json'), `${'['.repeat(100_000)}${']'.repeat(100_000)}`)
    const result = await runRampartInProcess(
      ['entities', 'validate', '--format', 'json', 'broken.json', 'deep.json'],
      dir,
    )
    expect(result.code).toBe(1)
    expect(JSON.parse(result.stdout)).toMatchObject([
      { file: 'broken.json', code: 'json.syntax', line: 3, column: 33, severity: 'error' },
      { file: 'deep.json', code: 'json.too-deep', line: 1, column: 1, severity: 'error' },
    ])
  })

  it('validates partial documents as the kind it is told', async () => {
    const result = await runRampartInProcess([
      'entities',
      'validate',
      '--format',
      'json',
      '--kind',
      'account',
      'fixtures/entities/valid/watch-accounts.json',
      'fixtures/entities/valid/signing-keys.json',
    ])
    expect(result.code).toBe(1)
    const issues = JSON.parse(result.stdout) as LocatedIssue[]
    expect(issues.map(({ file, code, path }) => `${file} ${code} ${path}`)).toEqual([
      'fixtures/entities/valid/signing-keys.json schema.required /accounts',
      'fixtures/entities/valid/signing-keys.json schema.additionalProperties /credentials',
    ])
  })

  it('says on stderr when a document fits no partial kind and falls back to the full one, and why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rampart-kind-'))
    const file = join(dir, 'users-and-accounts.json')
    writeFileSync(file, JSON.stringify({ users: [{ id: 'a', role: 'admin' }], accounts: [] }))
    const result = await runRampartInProcess(['entities', 'validate', '--format', 'json', file])
    expect(result.code).toBe(1)
    const note = result.stderr.split('\n').find((line) => line.startsWith('rampart: note: '))
    expect(note).toContain(`${file}: matches no partial kind, so it is validated as a full document`)
    expect(note).toContain('user (also holds accounts)')
    expect(note).toContain('account (also holds users)')
    expect(note).toContain('token (lacks tokens)')
    // stdout stays the JSON document.
    expect(JSON.parse(result.stdout)).toHaveLength(8)
    // A whole document, and a partial one detected, say nothing.
    const quiet = await runRampartInProcess([
      'entities',
      'validate',
      'fixtures/entities/valid/northwind.json',
      'fixtures/entities/valid/watch-accounts.json',
    ])
    expect(quiet.stderr).not.toContain('note:')
  })

  it('refuses files over --max-bytes with exit 1', async () => {
    const result = await runRampartInProcess([
      'entities',
      'validate',
      '--max-bytes',
      '1024',
      'fixtures/entities/valid/*.json',
    ])
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(
      /^fixtures\/entities\/valid\/northwind\.json:1:1 {2}error {2}json\.too-large {2}file is \d+ bytes, more than the 1024 accepted\n/,
    )
  })

  it('exits 2 on an unreadable file, and still validates the others', async () => {
    const result = await runRampartInProcess([
      'entities',
      'validate',
      'fixtures/entities/no-such-file.json',
      `${invalid}/schema-type.json`,
    ])
    expect(result.code).toBe(2)
    expect(result.stdout).toContain(
      'fixtures/entities/no-such-file.json:1:1  error  file.unreadable  no such file\n',
    )
    expect(result.stdout).toContain('schema.type')
  })

  it('exits 2 on usage errors: no file, an unknown option value, a glob that matches nothing', async () => {
    const noFile = await runRampartInProcess(['entities', 'validate'])
    expect(noFile.code).toBe(2)
    expect(noFile.stderr).toContain("missing required argument 'files'")
    const badKind = await runRampartInProcess(['entities', 'validate', '--kind', 'wallet', 'x.json'])
    expect(badKind.code).toBe(2)
    expect(badKind.stderr).toContain('Allowed choices are full, user, userGroup')
    const badBytes = await runRampartInProcess(['entities', 'validate', '--max-bytes', 'lots', 'x.json'])
    expect(badBytes.code).toBe(2)
    expect(badBytes.stderr).toContain('must be a positive whole number')
    const noMatch = await runRampartInProcess(['entities', 'validate', 'fixtures/entities/*.yaml'])
    expect(noMatch).toEqual({
      code: 2,
      stdout: '',
      stderr: 'rampart: no file matches "fixtures/entities/*.yaml"\n',
    })
  })
})
