import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { captureOutput } from '../../test/captureOutput'
import { writeWithInvalidUtf8 } from '../../test/invalidUtf8'
import { EXIT } from '../exitCodes'
import { runEvaluate } from './evaluate'

const fixtures = fileURLToPath(new URL('../../../../fixtures/', import.meta.url))
const entities = join(fixtures, 'entities/valid/northwind.json')
const policies = join(fixtures, 'policies/northwind.json')
const request = (name: string) => join(fixtures, 'policies/requests', `${name}.json`)
const NORA = 'nora.jensen@northwind.example'

describe('rampart evaluate', () => {
  it('exits 0 on Permit and prints the decision with the decoded intent', async () => {
    const { out } = captureOutput()
    const code = await runEvaluate(request('northwind-usdc-to-binance'), {
      entities,
      policies,
      principal: NORA,
    })
    expect(code).toBe(EXIT.ok)
    const printed = JSON.parse(out.join(''))
    expect(printed).toMatchObject({ decision: 'Permit', decidingPolicy: 'treasury-daily-usdc' })
    expect(printed.intent).toMatchObject({ type: 'erc20Transfer', amount: '1000000000' })
  })

  it('exits 4 on Confirm, and 0 once the approvals are given', async () => {
    captureOutput()
    const large = request('northwind-usdc-large-to-binance')
    expect(await runEvaluate(large, { entities, policies, principal: NORA })).toBe(EXIT.confirm)
    const approval = ['priya.raman@northwind.example', 'amelia.hart@northwind.example']
    expect(await runEvaluate(large, { entities, policies, principal: NORA, approval })).toBe(EXIT.ok)
  })

  it('exits 3 on Forbid, with preset results when presets are asked for', async () => {
    const { out } = captureOutput()
    const code = await runEvaluate(request('northwind-usdc-to-initech'), {
      entities,
      policies,
      principal: NORA,
      preset: ['erc20-address-book-only'],
    })
    expect(code).toBe(EXIT.forbid)
    const printed = JSON.parse(out.join(''))
    expect(printed).toMatchObject({ decision: 'Forbid', decidingPolicy: 'forbid-external-erc20' })
    expect(printed.policyEvaluation).toEqual({ expectedBehavior: false, matchedPresets: [] })
  })

  it('exits 1 on invalid policies and 2 on unreadable input or a missing principal', async () => {
    const { err } = captureOutput()
    const dir = mkdtempSync(join(tmpdir(), 'rampart-evaluate-'))
    const bad = join(fixtures, 'policies/invalid/bad-arguments.json')
    expect(
      await runEvaluate(request('northwind-usdc-to-binance'), { entities, policies: bad, principal: NORA }),
    ).toBe(EXIT.invalid)
    expect(err.join('')).toContain(
      `${bad}:7:52  error  schema.required  missing required member "window" (at /0/when/1/args/window)`,
    )
    writeFileSync(join(dir, 'bad.json'), '{ nope')
    expect(await runEvaluate(join(dir, 'bad.json'), { entities, policies })).toBe(EXIT.usage)
    expect(await runEvaluate(request('northwind-usdc-to-binance'), { entities, policies })).toBe(EXIT.usage)
    expect(err.join('')).toContain('--principal')
  })

  it('exits 1 on invalid entities or policies, each issue at its file:line:col', async () => {
    const { err } = captureOutput()
    const dir = mkdtempSync(join(tmpdir(), 'rampart-evaluate-'))
    // Users alone: a valid users file, but not an organization the evaluator can decide with.
    const usersOnly = join(dir, 'users.json')
    writeFileSync(usersOnly, '{\n  "users": [{ "id": "nora", "role": "member" }]\n}\n')
    const badPolicies = join(fixtures, 'policies/invalid/bad-arguments.json')
    const code = await runEvaluate(request('northwind-usdc-to-binance'), {
      entities: usersOnly,
      policies: badPolicies,
      principal: NORA,
    })
    expect(code).toBe(EXIT.invalid)
    const printed = err.join('')
    expect(printed).toMatch(new RegExp(`${usersOnly}:1:1 .*accounts`))
    expect(printed).toMatch(new RegExp(`${badPolicies}:\\d+:\\d+ .*`))
    expect(printed).not.toContain('Cannot read properties')
  })

  it('refuses entities with bytes that are not UTF-8 in an id (exit 1), and such a request (exit 2)', async () => {
    const { err } = captureOutput()
    const badEntities = writeWithInvalidUtf8(
      'entities.json',
      '{\n  "users": [{"id": "a',
      '", "role": "member"}]\n}',
    )
    const code = await runEvaluate(request('northwind-usdc-to-binance'), {
      entities: badEntities,
      policies,
      principal: NORA,
    })
    expect(code).toBe(EXIT.invalid)
    expect(err.join('')).toContain(`${badEntities}:2:22  error  json.invalid-utf8  invalid UTF-8`)
    const badRequest = writeWithInvalidUtf8('request.json', '{"method": "personal_sign", "params": ["', '"]}')
    expect(await runEvaluate(badRequest, { entities, policies, principal: NORA })).toBe(EXIT.usage)
    expect(err.join('')).toContain(`request ${badRequest}:1:41: invalid UTF-8`)
  })

  it('reads files that start with a byte-order mark, as rampart entities and policies validate do', async () => {
    const { out } = captureOutput()
    const dir = mkdtempSync(join(tmpdir(), 'rampart-evaluate-'))
    // Windows editors save UTF-8 with a BOM; validate accepts such files, so evaluate must decide on them.
    const withBom = (file: string, name: string) => {
      const copy = join(dir, name)
      writeFileSync(copy, `\ufeff${readFileSync(file, 'utf8')}`)
      return copy
    }
    const code = await runEvaluate(withBom(request('northwind-usdc-to-binance'), 'request.json'), {
      entities: withBom(entities, 'entities.json'),
      policies: withBom(policies, 'policies.json'),
      principal: NORA,
    })
    expect(code).toBe(EXIT.ok)
    expect(JSON.parse(out.join(''))).toMatchObject({ decision: 'Permit' })
  })

  it('names the file of an input it cannot read, and the line:col of a JSON syntax error', async () => {
    const { err } = captureOutput()
    const dir = mkdtempSync(join(tmpdir(), 'rampart-evaluate-'))
    const broken = join(dir, 'broken.json')
    writeFileSync(broken, '{\r\n  "method": "eth_sendTransaction",\r\n  "params": [ nope ]\r\n}\r\n')
    const run = (input: string, files: { entities?: string; policies?: string } = {}) =>
      runEvaluate(input, { entities, policies, principal: NORA, ...files })
    expect(await run(broken)).toBe(EXIT.usage)
    expect(await run(dir)).toBe(EXIT.usage)
    expect(await run(join(dir, 'missing.json'))).toBe(EXIT.usage)
    const printed = err.join('').split('\n')
    expect(printed).toContain(
      `rampart: request ${broken}:3:15: invalid JSON: Unexpected identifier 'nope' found.`,
    )
    expect(printed).toContain(`rampart: request ${dir}: is a directory, not a file`)
    expect(printed).toContain(`rampart: request ${join(dir, 'missing.json')}: no such file`)
  })

  it('refuses a --now that is not unix seconds written in decimal, rather than deciding at another time', async () => {
    const { err } = captureOutput()
    // Number('') is 0 (1970) and Number('0x10') is 16: each would have been a decision at some other time.
    for (const now of ['', ' ', '0x10', '1e9', '17e8', '-0', '1.0']) {
      const code = await runEvaluate(request('northwind-usdc-to-binance'), {
        entities,
        policies,
        principal: NORA,
        now,
      })
      expect(code, JSON.stringify(now)).toBe(EXIT.usage)
    }
    expect(err.join('')).toContain('--now must be unix seconds')
  })

  it('decides a signature no chain binds for every account of its address, the least permitted winning', async () => {
    const { out } = captureOutput()
    const dir = mkdtempSync(join(tmpdir(), 'rampart-evaluate-'))
    // Amelia's key holds the same address on Ethereum, Base, Arbitrum and Polygon; a personal message signed with
    // it is valid on all of them, so a forbid on the Polygon account applies, as the gateway decides it.
    const address = '0xF0Bf1581E4B19ae748d5E8703B001Dbfb5A06108'
    const rules = join(dir, 'policies.json')
    // Written as JSON text: a policy's `then` member would make an object literal look like a promise.
    const messages = '{ "criterion": "checkAction", "args": ["signMessage"] }'
    writeFileSync(
      rules,
      `[
        { "id": "polygon-signs-nothing-off-chain", "description": "The Polygon account signs no off-chain message.",
          "then": "forbid",
          "when": [${messages}, { "criterion": "checkResource", "args": ["eip155:137:${address}"] }] },
        { "id": "messages", "description": "Anyone signs messages.", "then": "permit", "when": [${messages}] }
      ]`,
    )
    const message = join(dir, 'message.json')
    writeFileSync(
      message,
      JSON.stringify({ method: 'personal_sign', params: ['0x4920616772656565', address] }),
    )
    const amelia = 'amelia.hart@northwind.example'
    expect(await runEvaluate(message, { entities, policies: rules, principal: amelia })).toBe(EXIT.forbid)
    expect(JSON.parse(out.join(''))).toMatchObject({
      decision: 'Forbid',
      decidingPolicy: 'polygon-signs-nothing-off-chain',
    })
    out.length = 0
    // Named, the resource is the one decided on.
    const ethereum = `eip155:1:${address}`
    expect(
      await runEvaluate(message, { entities, policies: rules, principal: amelia, resource: ethereum }),
    ).toBe(EXIT.ok)
  })
})
