import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { captureOutput } from '../../test/captureOutput'
import { writeWithInvalidUtf8 } from '../../test/invalidUtf8'
import { EXIT } from '../exitCodes'
import { runDecode } from './decode'

const fixtures = fileURLToPath(new URL('../../../../fixtures/requests/', import.meta.url))

describe('rampart decode', () => {
  it('prints the resolution as JSON, with names from the entities document', async () => {
    const { out } = captureOutput()
    const code = await runDecode(join(fixtures, 'erc20-transfer-usdt.json'), {
      format: 'json',
      entities: join(fixtures, 'entities.json'),
    })
    expect(code).toBe(EXIT.ok)
    const resolution = JSON.parse(out.join(''))
    expect(resolution.intent).toMatchObject({ type: 'erc20Transfer', amount: '160000000' })
    expect(resolution.display.interpolatedIntent).toContain('160 USDT')
  })

  it('prints a readable tree with nested calls, and exits 1 on a decoder error', async () => {
    const { out } = captureOutput()
    const entities = join(fixtures, 'entities.json')
    const nested = join(fixtures, 'safe-multisend-nested-delegatecall.json')
    expect(await runDecode(nested, { format: 'text', entities })).toBe(EXIT.ok)
    expect(out.join('')).toMatch(/└─ call 1:[\s\S]*intent: batch \[delegatecall\]/)
    out.length = 0
    expect(await runDecode(join(fixtures, 'error-trailing-bytes.json'), { format: 'text' })).toBe(
      EXIT.invalid,
    )
    expect(out.join('')).toContain('error: 1201 trailingBytes')
  })

  it('displays calls through the descriptors of a registry directory', async () => {
    const { out } = captureOutput()
    const dir = mkdtempSync(join(tmpdir(), 'rampart-descriptors-'))
    mkdirSync(join(dir, 'uniswap'))
    const descriptor = {
      context: {
        contract: { deployments: [{ chainId: 1, address: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D' }] },
      },
      metadata: { owner: 'Uniswap' },
      display: {
        formats: {
          'swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)':
            { intent: 'Swap', fields: [{ path: 'to', label: 'Recipient', format: 'addressName' }] },
        },
      },
    }
    writeFileSync(join(dir, 'uniswap', 'calldata-router.json'), JSON.stringify(descriptor))
    const request = join(fixtures, 'unknown-selector-uniswap-v2.json')
    expect(await runDecode(request, { format: 'json', descriptors: dir })).toBe(EXIT.ok)
    expect(JSON.parse(out.join('')).display.intent).toBe('Swap')
    out.length = 0
    expect(await runDecode(request, { format: 'json' })).toBe(EXIT.invalid)
  })

  it('refuses unreadable input with a usage error', async () => {
    const { err } = captureOutput()
    const dir = mkdtempSync(join(tmpdir(), 'rampart-decode-'))
    writeFileSync(join(dir, 'bad.json'), '{ not json')
    expect(await runDecode(join(dir, 'bad.json'), { format: 'json' })).toBe(EXIT.usage)
    expect(await runDecode(join(dir, 'missing.json'), { format: 'json' })).toBe(EXIT.usage)
    expect(err.join('')).toContain('cannot read')
  })

  it('refuses a request or an entities document with bytes that are not UTF-8, at the first one', async () => {
    const { err } = captureOutput()
    const request = join(fixtures, 'erc20-transfer-usdt.json')
    const entities = writeWithInvalidUtf8('entities.json', '{"users": [{"id": "a', '", "role": "member"}]}')
    expect(await runDecode(request, { format: 'json', entities })).toBe(EXIT.usage)
    const badRequest = writeWithInvalidUtf8('request.json', '{"method": "personal_sign", "params": ["', '"]}')
    expect(await runDecode(badRequest, { format: 'json' })).toBe(EXIT.usage)
    const printed = err.join('')
    expect(printed).toContain(
      `entities ${entities}:1:21: invalid UTF-8: the bytes at offset 20 (c3 28 ff fe)`,
    )
    expect(printed).toContain(`request ${badRequest}:1:41: invalid UTF-8`)
  })

  it('refuses an entities document that does not validate, saying where, and reads a partial one', async () => {
    const { err, out } = captureOutput()
    const dir = mkdtempSync(join(tmpdir(), 'rampart-decode-'))
    const request = join(fixtures, 'erc20-transfer-usdt.json')
    const { tokens } = JSON.parse(readFileSync(join(fixtures, 'entities.json'), 'utf8'))
    writeFileSync(join(dir, 'broken.json'), JSON.stringify({ tokens: [{ ...tokens[0], decimals: 'six' }] }))
    expect(await runDecode(request, { format: 'json', entities: join(dir, 'broken.json') })).toBe(EXIT.usage)
    expect(err.join('')).toContain('/tokens/0/decimals')
    writeFileSync(join(dir, 'tokens.json'), JSON.stringify({ tokens }))
    expect(await runDecode(request, { format: 'json', entities: join(dir, 'tokens.json') })).toBe(EXIT.ok)
    expect(JSON.parse(out.join('')).display.interpolatedIntent).toContain('160 USDT')
  })

  it('reads a request and an entities document that start with a byte-order mark', async () => {
    const { out } = captureOutput()
    const dir = mkdtempSync(join(tmpdir(), 'rampart-decode-'))
    const withBom = (name: string) => {
      writeFileSync(join(dir, name), `\ufeff${readFileSync(join(fixtures, name), 'utf8')}`)
      return join(dir, name)
    }
    const code = await runDecode(withBom('erc20-transfer-usdt.json'), {
      format: 'json',
      entities: withBom('entities.json'),
    })
    expect(code).toBe(EXIT.ok)
    expect(JSON.parse(out.join('')).display.interpolatedIntent).toContain('160 USDT')
  })

  it('refuses a --chain-id that is not a decimal chain id, rather than decoding for chain 0 or 16', async () => {
    const { err } = captureOutput()
    const request = join(fixtures, 'personal-sign-plain-text.json')
    for (const chainId of ['', ' ', '0x10', '1e3', '1.0']) {
      expect(await runDecode(request, { format: 'json', chainId }), JSON.stringify(chainId)).toBe(EXIT.usage)
    }
    expect(err.join('')).toContain('--chain-id must be')
  })
})
