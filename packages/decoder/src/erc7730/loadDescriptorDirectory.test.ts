import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type AbiFunction, encodeFunctionData, parseAbiItem } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { loadDescriptorDirectory } from './loadDescriptorDirectory'
import { provider, VAULT, vaultDescriptor, vaultInterface } from './testDescriptors'

const root = mkdtempSync(join(tmpdir(), 'rampart-erc7730-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

mkdirSync(join(root, 'registry', 'example'), { recursive: true })
mkdirSync(join(root, 'ercs'), { recursive: true })
writeFileSync(join(root, 'registry', 'example', 'calldata-vault.json'), JSON.stringify(vaultDescriptor))
writeFileSync(join(root, 'registry', 'example', 'common-vault.json'), JSON.stringify(vaultInterface))
writeFileSync(join(root, 'registry', 'example', 'eip712-broken.json'), '{ not json')
writeFileSync(join(root, 'registry', 'example', 'notes.txt'), 'ignored')

describe('loadDescriptorDirectory', () => {
  it('loads a registry checkout, resolving includes from disk and reporting unreadable files', () => {
    const registry = loadDescriptorDirectory(root)
    expect(registry.issues).toMatchObject([
      { source: join('registry', 'example', 'eip712-broken.json'), code: 'ERC7730_INVALID_DESCRIPTOR' },
    ])
    const abi = [parseAbiItem('function sweep(uint256 amount)') as AbiFunction]
    const data = encodeFunctionData({ abi, functionName: 'sweep', args: [3_000_000n] })
    expect(registry.formatCalldata({ chainId: 1, to: VAULT, data }, provider)?.fields[0]?.value).toBe(
      '3 USDC',
    )
  })

  it('also loads a plain folder of entity folders, and an empty or missing one', () => {
    expect(loadDescriptorDirectory(join(root, 'registry')).size).toBe(6)
    expect(loadDescriptorDirectory(join(root, 'nowhere')).size).toBe(0)
  })
})
