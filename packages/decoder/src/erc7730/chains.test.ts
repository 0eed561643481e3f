import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { chainInfo } from './chains'

const script = fileURLToPath(new URL('../../scripts/chainTable.ts', import.meta.url))
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href

describe('chainInfo', () => {
  it('names chains and their native currencies, and nothing for an unknown chain', () => {
    expect(chainInfo(1)).toMatchObject({ name: 'Ethereum', nativeCurrency: { symbol: 'ETH', decimals: 18 } })
    expect(chainInfo(137)?.nativeCurrency.symbol).toBe('POL')
    expect(chainInfo(8453)?.name).toBe('Base')
    expect(chainInfo(987_654_321_987)).toBeUndefined()
    expect(chainInfo(Number.NaN)).toBeUndefined()
  })

  // A fresh node that loads tsx and all of viem/chains: about 2 s of CPU, many more of wall time on a busy
  // machine (6 s at a load average of 20 on 2 cores), past vitest's 5 s default.
  it('is the table viem/chains gives today (scripts/chainTable.ts --check)', {
    timeout: 60_000,
  }, async () => {
    const code = await new Promise<number>((done) =>
      execFile(process.execPath, ['--import', tsx, script, '--check'], (error) => done(error ? 1 : 0)),
    )
    expect(code).toBe(0)
  })
})
