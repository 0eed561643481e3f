import { Writable } from 'node:stream'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { RequestLogController } from './requestLogController'

describe('RequestLogController', () => {
  it('logs each request once, on completion, with its method, URL, status and time', async () => {
    const lines: Record<string, unknown>[] = []
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)))
        done()
      },
    })
    const app = Fastify({ logger: { level: 'info', stream }, logController: new RequestLogController() })
    app.get('/ok', async () => ({ ok: true }))
    app.get('/fails', async () => {
      throw new Error('boom')
    })
    await app.inject({ method: 'GET', url: '/ok?x=1' })
    await app.inject({ method: 'GET', url: '/fails' })
    await app.close()
    const requestLines = lines.filter((line) => line.responseTime !== undefined)
    expect(requestLines.map((line) => line.msg)).toEqual(['request completed', 'request completed'])
    expect(requestLines[0]).toMatchObject({
      req: { method: 'GET', url: '/ok?x=1' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    })
    expect(requestLines[1]).toMatchObject({ req: { url: '/fails' }, res: { statusCode: 500 } })
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false)
  })

  it('follows the route log level, and keeps the logger redaction for every other line', async () => {
    const lines: Record<string, unknown>[] = []
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)))
        done()
      },
    })
    const app = Fastify({
      logger: { level: 'info', stream, redact: { paths: ['secret'], censor: '[redacted]' } },
      logController: new RequestLogController(),
    })
    app.get('/quiet', { logLevel: 'warn' }, async () => ({ ok: true }))
    app.get('/loud', async (request) => {
      request.log.info({ secret: 'hunter2' }, 'handler line')
      return { ok: true }
    })
    await app.inject({ method: 'GET', url: '/quiet', headers: { authorization: 'GNAP token' } })
    await app.inject({ method: 'GET', url: '/loud', headers: { authorization: 'GNAP token' } })
    await app.close()
    const completed = lines.filter((line) => line.msg === 'request completed')
    expect(completed.map((line) => (line.req as { url: string }).url)).toEqual(['/loud'])
    expect(completed[0]).toHaveProperty('reqId')
    expect(JSON.stringify(lines)).not.toContain('GNAP token')
    expect(lines.find((line) => line.msg === 'handler line')).toMatchObject({ secret: '[redacted]' })
  })
})
