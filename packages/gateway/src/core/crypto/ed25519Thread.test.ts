import { execFile } from 'node:child_process'
import { generateKeyPairSync, sign, verify } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { Worker } from 'node:worker_threads'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { Ed25519Thread, ed25519PrivateKey } from './ed25519Thread'

function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url')
  const seed = Buffer.from(privateKey.export({ format: 'jwk' }).d as string, 'base64url')
  return { privateKey, publicKey, raw, seed, sign: (message: Buffer) => sign(null, message, privateKey) }
}

const thread = new Ed25519Thread()
afterAll(() => thread.close())

describe('Ed25519Thread', () => {
  it('accepts OpenSSL signatures, many at once, each with its own verdict', async () => {
    const keys = Array.from({ length: 5 }, keyPair)
    const checks = Array.from({ length: 200 }, (_, i) => {
      const key = keys[i % keys.length]!
      const message = Buffer.from(`request ${i}`)
      // Every third check is of another key's signature, so the verdicts must stay matched to their checks.
      const signer = i % 3 === 0 ? keys[(i + 1) % keys.length]! : key
      return { expected: i % 3 !== 0, check: thread.verify(key.raw, message, signer.sign(message)) }
    })
    for (const { expected, check } of checks) expect(await check).toBe(expected)
  })

  it('signs exactly as OpenSSL does, with several keys and checks in the same batches', async () => {
    const keys = Array.from({ length: 3 }, keyPair)
    const privateKeys = keys.map((key) => ed25519PrivateKey(key.seed))
    const jobs = Array.from({ length: 60 }, (_, i) => {
      const message = Buffer.from(`decision ${i} ${'x'.repeat(i * 37)}`)
      const k = i % keys.length
      return {
        message,
        k,
        signature: thread.sign(privateKeys[k]!, message),
        check: thread.verify(keys[k]!.raw, message, keys[k]!.sign(message)),
      }
    })
    for (const { message, k, signature, check } of jobs) {
      const ours = await signature
      expect(ours.equals(keys[k]!.sign(message))).toBe(true)
      expect(verify(null, message, keys[k]!.publicKey, ours)).toBe(true)
      expect(await check).toBe(true)
    }
  })

  it('refuses a changed message, a changed signature and malformed lengths', async () => {
    const key = keyPair()
    const message = Buffer.from('pay 1 USDC')
    const signature = key.sign(message)
    expect(await thread.verify(key.raw, Buffer.from('pay 2 USDC'), signature)).toBe(false)
    for (const at of [0, 31, 32, 63]) {
      const damaged = Buffer.from(signature)
      damaged[at]! ^= 1
      expect(await thread.verify(key.raw, message, damaged)).toBe(false)
    }
    expect(await thread.verify(key.raw, message, signature.subarray(0, 63))).toBe(false)
    expect(await thread.verify(key.raw.subarray(0, 31), message, signature)).toBe(false)
    expect(() => ed25519PrivateKey(key.seed.subarray(0, 31))).toThrow('32 bytes')
  })

  it('refuses a small-order public key, under which OpenSSL accepts a forged signature of any message', async () => {
    const identity = Buffer.alloc(32)
    identity[0] = 1
    const forged = Buffer.alloc(64)
    forged[0] = 1
    expect(await thread.verify(identity, Buffer.from('anything'), forged)).toBe(false)
  })

  it('refuses the jobs not yet answered when it closes, and starts a new thread for the next', async () => {
    const key = keyPair()
    const message = Buffer.from('m')
    const own = new Ed25519Thread()
    expect(await own.verify(key.raw, message, key.sign(message))).toBe(true)
    const refused = expect(own.verify(key.raw, message, key.sign(message))).rejects.toThrow('closed')
    await own.close()
    await refused
    expect(await own.verify(key.raw, message, key.sign(message))).toBe(true)
    await own.close()
  })

  it('refuses the jobs of a batch its thread dies with, and hands the jobs waiting behind it to a new thread', async () => {
    const key = keyPair()
    const message = Buffer.from('m')
    const signature = key.sign(message)
    const own = new Ed25519Thread()
    const post = Worker.prototype.postMessage
    // The thread dies with the first batch, as it would if it crashed while checking it.
    const spy = vi.spyOn(Worker.prototype, 'postMessage').mockImplementationOnce(function (
      this: Worker,
      ...args
    ) {
      void this.terminate()
      return post.apply(this, args)
    })
    try {
      const lost = own.verify(key.raw, message, signature)
      await Promise.resolve()
      const waiting = own.verify(key.raw, message, signature)
      await expect(lost).rejects.toThrow('exited')
      expect(await waiting).toBe(true)
      expect(await own.verify(key.raw, message, signature)).toBe(true)
    } finally {
      spy.mockRestore()
      await own.close()
    }
  })

  it("keeps a process alive until its jobs are answered, and no longer, whatever the host's flags", async () => {
    // A script that asks for a check and returns: it must print the verdict (the thread kept it alive while the
    // job was out) and then exit by itself (the idle thread does not hold it).
    const script = `
      import { generateKeyPairSync, sign } from 'node:crypto'
      const { Ed25519Thread } = await import(${JSON.stringify(new URL('./ed25519Thread.ts', import.meta.url).href)})
      const { privateKey, publicKey } = generateKeyPairSync('ed25519')
      const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x, 'base64url')
      const message = Buffer.from('m')
      console.log(await new Ed25519Thread().verify(raw, message, sign(null, message, privateKey)))`
    const dir = mkdtempSync(join(tmpdir(), 'rampart-ed25519-'))
    try {
      writeFileSync(join(dir, 'check.mjs'), script)
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', join(dir, 'check.mjs')],
        {
          cwd: fileURLToPath(new URL('.', import.meta.url)),
          timeout: 20_000,
        },
      )
      expect(stdout).toBe('true\n')
      // The thread does not inherit the host's flags: a module given with --input-type=module still gets answers.
      const { stdout: fromFlags } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script],
        { cwd: fileURLToPath(new URL('.', import.meta.url)), timeout: 20_000 },
      )
      expect(fromFlags).toBe('true\n')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
