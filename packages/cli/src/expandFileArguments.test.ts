import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { expandFileArguments, FileArgumentError } from './expandFileArguments'

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))

describe('expandFileArguments', () => {
  it('expands globs in argument order, sorted within each, each file once', async () => {
    const files = await expandFileArguments(
      ['fixtures/entities/valid/w*.json', 'fixtures/entities/valid/*.json'],
      repoRoot,
    )
    expect(files).toEqual([
      'fixtures/entities/valid/watch-accounts.json',
      'fixtures/entities/valid/northwind.json',
      'fixtures/entities/valid/signing-keys.json',
    ])
  })

  it('keeps plain paths as given, even missing ones, so reading reports them', async () => {
    expect(await expandFileArguments(['missing.json', 'missing.json'], repoRoot)).toEqual(['missing.json'])
  })

  it('rejects a glob that matches nothing', async () => {
    await expect(expandFileArguments(['fixtures/**/*.nothing'], repoRoot)).rejects.toBeInstanceOf(
      FileArgumentError,
    )
  })
})
