import { execFileSync } from 'node:child_process'
import { once } from 'node:events'
import { close, closeSync, mkdtempSync, open, openSync, readFileSync, rmSync } from 'node:fs'
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

/**
 * Blocks every thread of libuv's pool (each opening a FIFO nobody writes to yet), as other requests' crypto or file
 * work can keep it busy, so that a write handed to the pool waits; the returned function lets them all go.
 */
function holdThreadPool() {
  const dir = mkdtempSync(join(tmpdir(), 'rampart-pool-'))
  dirs.push(dir)
  const fifo = join(dir, 'fifo')
  execFileSync('mkfifo', [fifo])
  for (let i = 0; i < Number(process.env.UV_THREADPOOL_SIZE ?? 4); i++) {
    open(fifo, 'r', (error, fd) => {
      if (!error) close(fd, () => {})
    })
  }
  return () => closeSync(openSync(fifo, 'w'))
}

describe('bufferedLogDestination', () => {
  it('holds short bursts back, then writes every line in order when the gateway closes', async () => {
    const { fd, lines } = logFile()
    const destination = bufferedLogDestination(fd)
    const log = pino(destination.stream)
    for (let i = 0; i < 5; i++) log.info(`line ${i}`)
    expect(lines()).toEqual([])
    await destination.close()
    expect(lines()).toEqual(['line 0', 'line 1', 'line 2', 'line 3', 'line 4'])
    closeSync(fd)
  })

  it('writes a quiet gateway’s lines when its second is up', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    try {
      const { fd, lines } = logFile()
      const destination = bufferedLogDestination(fd)
      pino(destination.stream).info('the only line')
      vi.advanceTimersByTime(999)
      const written = once(destination.stream, 'write')
      expect(lines()).toEqual([])
      vi.advanceTimersByTime(1)
      await written
      expect(lines()).toEqual(['the only line'])
      await destination.close()
      closeSync(fd)
    } finally {
      vi.useRealTimers()
    }
  })

  it('writes a batch as soon as 4 KiB have gathered', async () => {
    // With the second never up, only the size can start the write.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    try {
      const { fd, lines } = logFile()
      const destination = bufferedLogDestination(fd)
      const log = pino(destination.stream)
      // Read as the first write ends, before the stream starts the next.
      const firstBatch = new Promise<number>((resolve) =>
        destination.stream.once('write', () => resolve(lines().length)),
      )
      for (let i = 0; i < 100; i++) log.info(`busy ${i} ${'x'.repeat(60)}`)
      expect(await firstBatch).toBeGreaterThan(0)
      expect(await firstBatch).toBeLessThan(100)
      await destination.close()
      expect(lines()).toHaveLength(100)
      closeSync(fd)
    } finally {
      vi.useRealTimers()
    }
  })

  it('keeps the lines in order when the gateway closes while a batch is still being written', async () => {
    const { fd, lines } = logFile()
    const destination = bufferedLogDestination(fd)
    const log = pino(destination.stream)
    const release = holdThreadPool()
    // Over 4 KiB: the first lines leave as a batch, whose write waits for the pool; the others stay buffered.
    const expected = Array.from({ length: 60 }, (_, i) => `line ${i} ${'x'.repeat(80)}`)
    for (const line of expected) log.info(line)
    const closed = destination.close()
    release()
    await closed
    expect(lines()).toEqual(expected)
    closeSync(fd)
  })
})
