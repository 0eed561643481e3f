import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

type Job = { publicKey: Uint8Array; message: Uint8Array; signature: Uint8Array }
type Settle = { resolve: (valid: boolean) => void; reject: (error: Error) => void }

// The thread's whole program: it receives batches of signatures packed in one buffer (per check: the 32-byte key,
// the 64-byte signature, the message length as 4 bytes little-endian, the message) and answers with one verdict
// per check, in order. CommonJS source handed to the Worker, so the same code runs from the sources and the build.
const threadSource = (sodiumPath: string) => `
const { parentPort } = require('node:worker_threads')
const sodium = require(${JSON.stringify(sodiumPath)})
parentPort.on('message', ({ batch, count, packed }) => {
  const bytes = Buffer.from(packed)
  const valid = new Array(count)
  let at = 0
  for (let i = 0; i < count; i++) {
    const publicKey = bytes.subarray(at, at + 32)
    const signature = bytes.subarray(at + 32, at + 96)
    const length = bytes.readUInt32LE(at + 96)
    valid[i] = sodium.crypto_sign_verify_detached(signature, bytes.subarray(at + 100, at + 100 + length), publicKey)
    at += 100 + length
  }
  parentPort.postMessage({ batch, valid })
})`

/** Packs checks for the thread in a buffer of their own, which moves to the thread without a copy. */
function pack(jobs: readonly Job[]): ArrayBuffer {
  let size = 0
  for (const job of jobs) size += 100 + job.message.length
  const packed = Buffer.from(new ArrayBuffer(size))
  let at = 0
  for (const { publicKey, signature, message } of jobs) {
    packed.set(publicKey, at)
    packed.set(signature, at + 32)
    packed.writeUInt32LE(message.length, at + 96)
    packed.set(message, at + 100)
    at += 100 + message.length
  }
  return packed.buffer as ArrayBuffer
}

/**
 * Checks Ed25519 signatures with libsodium on a thread of its own. A check costs libsodium about 53 µs of a core;
 * handing it to the thread costs the event loop a few (node:crypto's thread-pool round trip costs it 15 to 19,
 * on top of OpenSSL's 112 µs check). The signatures asked for while the event loop handles one round of I/O go
 * over in one message, packed into one buffer that is handed over rather than copied (a Buffer is often a view of
 * a shared 8 KiB pool, all of which a message would copy). The thread starts on first use and does not keep the
 * process alive; if it fails, the checks in flight are rejected (so their requests are refused) and the next
 * check starts a new one.
 */
export class Ed25519Verifier {
  #thread: Worker | undefined
  #queued: Job[] = []
  #queuedSettles: Settle[] = []
  #inFlight = new Map<number, Settle[]>()
  #nextBatch = 0
  #flushScheduled = false

  verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): Promise<boolean> {
    // A key or signature of the wrong size is no Ed25519 signature (and would not fit the packed layout).
    if (publicKey.length !== 32 || signature.length !== 64) return Promise.resolve(false)
    return new Promise((resolve, reject) => {
      this.#queued.push({ publicKey, message, signature })
      this.#queuedSettles.push({ resolve, reject })
      if (!this.#flushScheduled) {
        this.#flushScheduled = true
        setImmediate(() => this.#flush())
      }
    })
  }

  /** Stops the thread; the checks not yet answered are rejected. */
  async close(): Promise<void> {
    const thread = this.#thread
    this.#thread = undefined
    const closed = new Error('The Ed25519 verifier is closed')
    for (const settle of this.#queuedSettles) settle.reject(closed)
    this.#queued = []
    this.#queuedSettles = []
    this.#failAll(closed)
    if (thread) await thread.terminate()
  }

  #flush(): void {
    this.#flushScheduled = false
    if (this.#queued.length === 0) return
    const jobs = this.#queued
    const settles = this.#queuedSettles
    this.#queued = []
    this.#queuedSettles = []
    const batch = this.#nextBatch++
    this.#inFlight.set(batch, settles)
    try {
      const packed = pack(jobs)
      this.#threadOrStart().postMessage({ batch, count: jobs.length, packed }, [packed])
    } catch (error) {
      this.#inFlight.delete(batch)
      for (const settle of settles) settle.reject(error as Error)
    }
  }

  #threadOrStart(): Worker {
    if (this.#thread) return this.#thread
    const sodiumPath = createRequire(import.meta.url).resolve('sodium-native')
    const thread = new Worker(threadSource(sodiumPath), { eval: true })
    thread.unref()
    thread.on('message', ({ batch, valid }: { batch: number; valid: boolean[] }) => {
      const settles = this.#inFlight.get(batch)
      this.#inFlight.delete(batch)
      settles?.forEach((settle, i) => settle.resolve(valid[i] === true))
    })
    const fail = (error: Error) => {
      if (this.#thread !== thread) return
      this.#thread = undefined
      this.#failAll(error)
    }
    thread.on('error', fail)
    thread.on('exit', (code) => fail(new Error(`The Ed25519 verifier thread exited (${code})`)))
    this.#thread = thread
    return thread
  }

  #failAll(error: Error): void {
    for (const settles of this.#inFlight.values()) for (const settle of settles) settle.reject(error)
    this.#inFlight.clear()
  }
}
