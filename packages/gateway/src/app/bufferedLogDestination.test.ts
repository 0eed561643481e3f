import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pino from 'pino'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bufferedLogDestination } from './bufferedLogDestination'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function logFile() {
  const dir = mkdtempSync(join(tmpdir(), 'rampart-log-'))
  dirs.push(dir)
  const path = join(dir, 'gateway.log')
  const fd = openSync(path, 'w')
  const lines = () =>
    readFileSync(path, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line).msg)
  return { fd, lines }
}

describe('bufferedLogDestination', () => {
  it('holds short bursts back, then writes every line in order when the gateway closes', () => {
    const { fd, lines } = logFile()
    const destination = bufferedLogDestination(fd)
    const log = pino(destination.stream)
    for (let i = 0; i < 5; i++) log.info(`line ${i}`)
    expect(lines()).toEqual([])
    destination.close()
    expect(lines()).toEqual(['line 0', 'line 1', 'line 2', 'line 3', 'line 4'])
    closeSync(fd)
  })

  it('writes a quiet gateway’s lines within about a second', async () => {
    const { fd, lines } = logFile()
    const destination = bufferedLogDestination(fd)
    pino(destination.stream).info('the only line')
    await vi.waitFor(() => expect(lines()).toEqual(['the only line']), { timeout: 3000, interval: 50 })
    destination.close()
    closeSync(fd)
  })

  it('writes a batch as soon as 4 KiB have gathered', async () => {
    const { fd, lines } = logFile()
    const destination = bufferedLogDestination(fd)
    const log = pino(destination.stream)
    for (let i = 0; i < 100; i++) log.info(`busy ${i} ${'x'.repeat(60)}`)
    await vi.waitFor(() => expect(lines().length).toBeGreaterThan(0), { timeout: 500, interval: 10 })
    destination.close()
    expect(lines()).toHaveLength(100)
    closeSync(fd)
  })
})
