import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

type Job = { publicKey: Uint8Array; message: Uint8Array; signature: Uint8Array }
type Settle = { resolve: (valid: boolean) => void; reject: (error: Error) => void }

// The thread's whole program: it receives batches of signatures and answers with one verdict per signature, in
// order. CommonJS source handed to the Worker, so the same code runs from the sources and from the build.
const threadSource = (sodiumPath: string) => `
const { parentPort } = require('node:worker_threads')
const sodium = require(${JSON.stringify(sodiumPath)})
parentPort.on('message', ({ batch, jobs }) => {
  const view = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
  const valid = jobs.map(({ publicKey, message, signature }) =>
    publicKey.length === 32 && signature.length === 64 &&
    sodium.crypto_sign_verify_detached(view(signature), view(message), view(publicKey)))
  parentPort.postMessage({ batch, valid })
})`

/**
 * Checks Ed25519 signatures with libsodium on a thread of its own. A check costs libsodium about 53 µs of a core;
 * handing it to the thread costs the event loop about 10 (node:crypto's thread-pool round trip costs it 15 to 19,
 * on top of OpenSSL's 112 µs check). The signatures asked for while the event loop handles one round of I/O go
 * over in one message. The thread starts on first use and does not keep the process alive; if it fails, the
 * checks in flight are rejected (so their requests are refused) and the next check starts a new one.
 */
export class Ed25519Verifier {
  #thread: Worker | undefined
  #queued: Job[] = []
  #queuedSettles: Settle[] = []
  #inFlight = new Map<number, Settle[]>()
  #nextBatch = 0
  #flushScheduled = false

  verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): Promise<boolean> {
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
      this.#threadOrStart().postMessage({ batch, jobs })
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
