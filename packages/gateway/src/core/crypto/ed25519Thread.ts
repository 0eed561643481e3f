import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

/** An Ed25519 private key the thread signs with: its 32-byte seed (a JWK's `d`), under a number of its own. */
export type Ed25519PrivateKey = { readonly id: number; readonly seed: Uint8Array }

type Job =
  | { kind: typeof VERIFY; publicKey: Uint8Array; message: Uint8Array; signature: Uint8Array }
  | { kind: typeof SIGN; key: Ed25519PrivateKey; message: Uint8Array }
type Settle = { resolve: (result: Buffer) => void; reject: (error: Error) => void }

const VERIFY = 0
const SIGN = 1
/** Per job, the thread answers one byte (1: valid, or signed) and 64 bytes (the signature, when signing). */
const ANSWER_BYTES = 65

// The thread's whole program. A batch is one buffer; per job: the kind (1 byte), then to verify the 32-byte key and
// the 64-byte signature, to sign the key's number (4 bytes) and seed (32 bytes), then the message length (4 bytes,
// little-endian) and the message. CommonJS source handed to the Worker, so the same code runs from the sources and
// from the build.
const threadSource = (sodiumPath: string) => `
const { parentPort } = require('node:worker_threads')
const sodium = require(${JSON.stringify(sodiumPath)})
const secretKeys = new Map()
function secretKeyOf(id, seed) {
  let secretKey = secretKeys.get(id)
  if (!secretKey) {
    secretKey = sodium.sodium_malloc(sodium.crypto_sign_SECRETKEYBYTES)
    sodium.crypto_sign_seed_keypair(Buffer.alloc(32), secretKey, seed)
    secretKeys.set(id, secretKey)
  }
  return secretKey
}
parentPort.on('message', ({ batch, count, packed }) => {
  const bytes = Buffer.from(packed)
  const answers = Buffer.alloc(count * ${ANSWER_BYTES})
  let at = 0
  for (let i = 0; i < count; i++) {
    const answer = answers.subarray(i * ${ANSWER_BYTES}, (i + 1) * ${ANSWER_BYTES})
    if (bytes[at] === ${VERIFY}) {
      const length = bytes.readUInt32LE(at + 97)
      const message = bytes.subarray(at + 101, at + 101 + length)
      answer[0] = sodium.crypto_sign_verify_detached(bytes.subarray(at + 33, at + 97), message, bytes.subarray(at + 1, at + 33)) ? 1 : 0
      at += 101 + length
    } else {
      const secretKey = secretKeyOf(bytes.readUInt32LE(at + 1), bytes.subarray(at + 5, at + 37))
      const length = bytes.readUInt32LE(at + 37)
      sodium.crypto_sign_detached(answer.subarray(1), bytes.subarray(at + 41, at + 41 + length), secretKey)
      answer[0] = 1
      at += 41 + length
    }
  }
  parentPort.postMessage({ batch, answers: answers.buffer }, [answers.buffer])
})`

const jobBytes = (job: Job) => (job.kind === VERIFY ? 101 : 41) + job.message.length

/** Packs jobs for the thread in a buffer of their own, which moves to the thread without a copy. */
function pack(jobs: readonly Job[]): ArrayBuffer {
  let size = 0
  for (const job of jobs) size += jobBytes(job)
  const packed = Buffer.from(new ArrayBuffer(size))
  let at = 0
  for (const job of jobs) {
    packed[at] = job.kind
    if (job.kind === VERIFY) {
      packed.set(job.publicKey, at + 1)
      packed.set(job.signature, at + 33)
      packed.writeUInt32LE(job.message.length, at + 97)
      packed.set(job.message, at + 101)
    } else {
      packed.writeUInt32LE(job.key.id, at + 1)
      packed.set(job.key.seed, at + 5)
      packed.writeUInt32LE(job.message.length, at + 37)
      packed.set(job.message, at + 41)
    }
    at += jobBytes(job)
  }
  return packed.buffer as ArrayBuffer
}

type SodiumVerify = {
  crypto_sign_verify_detached(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean
}
let sodiumHere: SodiumVerify | undefined

/**
 * Whether `signature` is a valid Ed25519 signature of `message` by `publicKey`, checked on the calling thread with
 * the same libsodium as {@link Ed25519Thread.verify}: for a caller with nothing else to do meanwhile, to whom the
 * thread's round trip (two messages and a thread's wake-up, 150 to 250 µs on a busy machine) costs more than the
 * check itself (about 55 µs).
 */
export function verifyEd25519Here(
  publicKey: Uint8Array,
  message: Uint8Array,
  signature: Uint8Array,
): boolean {
  if (publicKey.length !== 32 || signature.length !== 64) return false
  sodiumHere ??= createRequire(import.meta.url)('sodium-native') as SodiumVerify
  return sodiumHere.crypto_sign_verify_detached(signature, message, publicKey)
}

let keysMade = 0

/** Makes a private key for {@link Ed25519Thread.sign} from the 32-byte seed of an Ed25519 private key. */
export function ed25519PrivateKey(seed: Uint8Array): Ed25519PrivateKey {
  if (seed.length !== 32) throw new Error('An Ed25519 private key is 32 bytes')
  return { id: keysMade++, seed: Uint8Array.from(seed) }
}

/**
 * Ed25519 (RFC 8032) through libsodium, on a thread of its own: the request signatures of EdDSA clients, checked on
 * every request, and the gateway's own attestations, signed on every decision. On x86-64, libsodium's assembly
 * field arithmetic takes about half OpenSSL 3's time (measured here: 53 µs against 112 to verify, 21 against 40 to
 * sign), and handing a job to the thread costs the event loop a few µs, where node:crypto's thread-pool round trip
 * costs it 15 to 19. It refuses non-canonical signatures and small-order keys, which OpenSSL accepts, and its
 * signatures are OpenSSL's (Ed25519 is deterministic).
 *
 * A job goes to an idle thread at once; the jobs asked for while it works go over together when it answers, in one
 * message, packed into one buffer that is handed over rather than copied (a Buffer is often a view of a shared
 * 8 KiB pool, all of which a message would copy). The thread starts on first use and keeps the process alive only
 * while a job waits for its answer; if it fails, the jobs in flight are rejected (so their requests are refused)
 * and a new thread takes the next ones.
 */
export class Ed25519Thread {
  #thread: Worker | undefined
  #queued: Job[] = []
  #queuedSettles: Settle[] = []
  #inFlight = new Map<number, Settle[]>()
  #nextBatch = 0
  #flushScheduled = false

  /** Whether `signature` is a valid signature of `message` by `publicKey` (32 bytes). */
  async verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): Promise<boolean> {
    // A key or signature of the wrong size is no Ed25519 signature (and would not fit the packed layout).
    if (publicKey.length !== 32 || signature.length !== 64) return false
    const answer = await this.#submit({ kind: VERIFY, publicKey, message, signature })
    return answer[0] === 1
  }

  /** Signs `message`: a 64-byte signature. */
  async sign(key: Ed25519PrivateKey, message: Uint8Array): Promise<Buffer> {
    const answer = await this.#submit({ kind: SIGN, key, message })
    return answer.subarray(1)
  }

  /** Stops the thread; the jobs not yet answered are rejected. */
  async close(): Promise<void> {
    const thread = this.#thread
    this.#thread = undefined
    const closed = new Error('The Ed25519 thread is closed')
    for (const settle of this.#queuedSettles) settle.reject(closed)
    this.#queued = []
    this.#queuedSettles = []
    this.#failAll(closed)
    if (thread) await thread.terminate()
  }

  #submit(job: Job): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.#queued.push(job)
      this.#queuedSettles.push({ resolve, reject })
      if (!this.#flushScheduled && this.#inFlight.size === 0) {
        this.#flushScheduled = true
        queueMicrotask(() => this.#flush())
      }
    })
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
      const thread = this.#threadOrStart()
      thread.postMessage({ batch, count: jobs.length, packed }, [packed])
      // While a job waits for its answer the thread keeps the process alive; idle, it does not.
      thread.ref()
    } catch (error) {
      this.#inFlight.delete(batch)
      for (const settle of settles) settle.reject(error as Error)
    }
  }

  #threadOrStart(): Worker {
    if (this.#thread) return this.#thread
    const sodiumPath = createRequire(import.meta.url).resolve('sodium-native')
    // The thread's code is plain CommonJS and needs no flag of the host process: flags such as
    // --input-type=module or a loader given with --import would break it or slow its start.
    const thread = new Worker(threadSource(sodiumPath), { eval: true, execArgv: [] })
    thread.on('message', ({ batch, answers }: { batch: number; answers: ArrayBuffer }) => {
      const settles = this.#inFlight.get(batch)
      this.#inFlight.delete(batch)
      if (!this.#flushScheduled) this.#flush()
      if (this.#inFlight.size === 0) thread.unref()
      const bytes = Buffer.from(answers)
      for (const [i, settle] of (settles ?? []).entries()) {
        settle.resolve(bytes.subarray(i * ANSWER_BYTES, (i + 1) * ANSWER_BYTES))
      }
    })
    const fail = (error: Error) => {
      if (this.#thread !== thread) return
      this.#thread = undefined
      this.#failAll(error)
      // Jobs that were waiting for the failed batch go to a new thread.
      if (!this.#flushScheduled) this.#flush()
    }
    thread.on('error', fail)
    thread.on('exit', (code) => fail(new Error(`The Ed25519 thread exited (${code})`)))
    this.#thread = thread
    return thread
  }

  #failAll(error: Error): void {
    for (const settles of this.#inFlight.values()) for (const settle of settles) settle.reject(error)
    this.#inFlight.clear()
  }
}

/** The process's Ed25519 thread, shared by request authentication and attestations. */
export const ed25519Thread = new Ed25519Thread()
