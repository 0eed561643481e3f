import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { captureOutput } from '../../test/captureOutput'
import { writeWithInvalidUtf8 } from '../../test/invalidUtf8'
import { EXIT } from '../exitCodes'
import { runPoliciesValidate, validatePolicyFile } from './policiesValidate'

const root = fileURLToPath(new URL('../../../../', import.meta.url))

describe('rampart policies validate', () => {
  it('accepts the policy fixtures and every shipped preset', async () => {
    const { err } = captureOutput()
    const files = [
      `${root}fixtures/policies/northwind.json`,
      `${root}fixtures/policies/custody-basics.json`,
      `${root}policies/presets/*.json`,
    ]
    expect(await runPoliciesValidate(files, { format: 'text' })).toBe(EXIT.ok)
    expect(err.join('')).toMatch(/^7 files checked: 0 errors/)
  })

  it('reports each error at its file, line and column', async () => {
    const { out } = captureOutput()
    const file = `${root}fixtures/policies/invalid/bad-arguments.json`
    expect(await runPoliciesValidate([file], { format: 'json' })).toBe(EXIT.invalid)
    const issues = JSON.parse(out.join('')) as { path: string; line: number; column: number; code: string }[]
    const byPath = Object.fromEntries(issues.map((issue) => [issue.path, issue]))
    expect(byPath['/0/when/1/args/limit']).toMatchObject({ code: 'schema.pattern', line: 7, column: 63 })
    expect(byPath['/1/then']).toMatchObject({ code: 'schema.enum', line: 12 })
    expect(byPath['/1/id']).toMatchObject({ code: 'duplicate-policy-id', line: 11 })
    expect(byPath['/1/when/0/args/0']).toMatchObject({ code: 'schema.enum', line: 13 })
  })

  it('refuses a policy file with bytes that are not UTF-8 in an id, at the first one', async () => {
    const file = writeWithInvalidUtf8('policies.json', '[\n  {"id": "p', '", "then": "permit"}\n]\n')
    expect(await validatePolicyFile(file)).toEqual({
      unreadable: false,
      issues: [
        {
          file,
          path: '',
          line: 2,
          column: 12,
          code: 'json.invalid-utf8',
          severity: 'error',
          message: 'invalid UTF-8: the bytes at offset 13 (c3 28 ff fe) are not a UTF-8 character',
        },
      ],
    })
    captureOutput()
    expect(await runPoliciesValidate([file], { format: 'text' })).toBe(EXIT.invalid)
  })

  it('locates issues in a file that starts with a byte-order mark as in the same file without it', async () => {
    const text = readFileSync(`${root}fixtures/policies/invalid/bad-arguments.json`, 'utf8')
    const dir = mkdtempSync(join(tmpdir(), 'rampart-policies-'))
    const place = async (name: string, content: string) => {
      writeFileSync(join(dir, name), content)
      const { issues } = await validatePolicyFile(join(dir, name))
      return issues.map(({ path, line, column }) => ({ path, line, column }))
    }
    const plain = await place('plain.json', text)
    expect(plain).toContainEqual({ path: '/0/when/1/args/limit', line: 7, column: 63 })
    expect(await place('bom.json', `\uFEFF${text}`)).toEqual(plain)
  })

  it('locates a forbidden or repeated member name at its line and column, and a directory as unreadable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rampart-policies-'))
    const file = join(dir, 'policies.json')
    writeFileSync(
      file,
      '[\n  {\n    "id": "a",\n    "then": "permit",\n    "then": "forbid",\n    "when": []\n  }\n]\n',
    )
    expect((await validatePolicyFile(file)).issues).toMatchObject([
      { code: 'json.duplicate-key', path: '/0/then', line: 5, column: 13 },
    ])
    writeFileSync(file, '[\n  { "id": "a",\n    "constructor": { "prototype": 1 } }\n]\n')
    expect((await validatePolicyFile(file)).issues).toMatchObject([
      { code: 'json.forbidden-key', path: '/0/constructor', line: 3, column: 20 },
    ])
    expect(await validatePolicyFile(dir)).toMatchObject({
      unreadable: true,
      issues: [{ code: 'file.unreadable', message: 'is a directory, not a file' }],
    })
  })

  it('reads no more than the size bound from a file that is not a regular file', async () => {
    const { issues, unreadable } = await validatePolicyFile('/dev/zero')
    expect(unreadable).toBe(false)
    expect(issues).toMatchObject([{ code: 'json.too-large', line: 1, column: 1 }])
  })

  it('exits 2 on a missing file', async () => {
    captureOutput()
    expect(await runPoliciesValidate([`${root}fixtures/policies/nope.json`], { format: 'text' })).toBe(
      EXIT.usage,
    )
  })
})

describe('rampart policies validate: static checks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rampart-static-'))
  const file = join(dir, 'shadowed.json')
  // The second permit allows less than the first, which decides first: it can never decide.
  writeFileSync(
    file,
    `[
  {
    "id": "small",
    "then": "permit",
    "when": [
      { "criterion": "checkAction", "args": ["signTransaction"] },
      { "criterion": "checkIntentAmount", "args": { "operator": "lte", "value": "1000" } }
    ]
  },
  {
    "id": "smaller",
    "then": "permit",
    "when": [
      { "criterion": "checkAction", "args": ["signTransaction"] },
      { "criterion": "checkIntentAmount", "args": { "operator": "lte", "value": "10" } }
    ]
  }
]
`,
  )

  it('reports a shadowed permit as a warning at its line, and exits 0', async () => {
    const { out } = captureOutput()
    expect(await runPoliciesValidate([file], { format: 'json' })).toBe(EXIT.ok)
    expect(JSON.parse(out.join(''))).toEqual([
      expect.objectContaining({
        path: '/1',
        line: 10,
        column: 3,
        code: 'permit-shadowed',
        severity: 'warning',
      }),
    ])
  })

  it('exits 1 with more warnings than --max-warnings, and prints none with --quiet', async () => {
    captureOutput()
    expect(await runPoliciesValidate([file], { format: 'text', maxWarnings: 0 })).toBe(EXIT.invalid)
    const { out, err } = captureOutput()
    expect(await runPoliciesValidate([file], { format: 'text', quiet: true })).toBe(EXIT.ok)
    expect(out.join('')).toBe('')
    expect(err.join('')).toMatch(/1 file checked: 0 errors, 1 warning/)
  })
})
