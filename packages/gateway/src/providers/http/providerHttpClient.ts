import { Agent, type Dispatcher, request } from 'undici'
import { ProviderError } from '../../core/errors/providerErrors'
import { type ConcurrencyLimit, createConcurrencyLimit } from './concurrencyLimit'
import { type ProviderFailure, providerErrorOf, unreachable } from './providerFailure'
import { backoffDelay, retryAfterMs } from './retryDelay'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** What a request is signed over: its method, its path with the query, and the exact body bytes sent. */
export type OutgoingRequest = { method: HttpMethod; path: string; body: string | undefined }

export type ProviderHttpOptions = {
  /** The custodian's API root, per connection (`https://api.fireblocks.io`, a test server on loopback...). */
  baseUrl: string
  /** Named in error messages: `Fireblocks answered 503`. */
  providerName: string
  /**
   * The authentication headers of one attempt, made afresh for each (a fresh nonce, timestamp and signature: a retry
   * is a new request to the custodian's replay checks).
   */
  authenticate: (request: OutgoingRequest) => Promise<Record<string, string>> | Record<string, string>
  /** Of each attempt, connect to last body byte (default 30 s). */
  timeoutMs?: number
  /** Retries after the first attempt, for 429, 5xx and network failures (default 3). */
  maxRetries?: number
  /** The first retry waits up to this, each next one twice as long, with full jitter (default 250 ms). */
  retryBaseMs?: number
  /** No wait is longer: a `Retry-After` beyond it ends the retries (default 10 s). */
  retryMaxMs?: number
  /** Requests of this client at once; the rest queue (default 4). */
  maxConcurrent?: number
  /** Bodies longer than this are refused rather than read (default 8 MiB). */
  maxResponseBytes?: number
  /** The custodian's error code and a short message from its error body, never the body itself. */
  describeError?: (body: unknown) => ProviderFailure | undefined
  dispatcher?: Dispatcher
  random?: () => number
  sleep?: (ms: number) => Promise<void>
}

export type ProviderRequest = {
  method: HttpMethod
  /** Path from the API root, with its query already encoded. */
  path: string
  /** Sent as JSON; the bytes given to `authenticate` are the bytes sent. */
  body?: unknown
  /**
   * Sent as the `Idempotency-Key` header. A POST is retried only when it carries one (the custodian answers a repeat
   * with the first answer), so a retry never doubles a transfer; GETs are always safe to retry.
   */
  idempotencyKey?: string
  /** Statuses answered as a value rather than thrown (a 404 that means "none yet"). */
  accept?: number[]
}

export type ProviderResponse = { status: number; body: unknown }

const retryableStatus = (status: number) => status === 429 || status >= 500

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.())

/** A shared agent: keep-alive sockets to each custodian, reused by every connection's client. */
let sharedAgent: Agent | undefined
const agent = () => {
  sharedAgent ??= new Agent({ keepAliveTimeout: 10_000, connections: 64 })
  return sharedAgent
}

class AttemptFailure extends Error {
  constructor(
    readonly failure: ProviderError,
    readonly retryable: boolean,
    readonly waitMs?: number,
  ) {
    super(failure.message)
  }
}

/**
 * HTTP to one custodian for one connection: JSON in and out, fresh authentication per attempt, timeouts, bounded
 * retries with jitter on 429, 5xx and network failures honouring `Retry-After`, idempotency keys on creates and a
 * concurrency limit. Failures are ProviderErrors whose message names the custodian and the HTTP status (and the
 * custodian's own error code and message when `describeError` reads them), never its headers or raw body.
 */
export function createProviderHttpClient(options: ProviderHttpOptions) {
  const base = new URL(options.baseUrl)
  if (base.protocol !== 'https:' && base.protocol !== 'http:') {
    throw new ProviderError('INVALID_CREDENTIALS', 'The base URL must be http or https', { path: '/baseUrl' })
  }
  const root = base.href.replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? 30_000
  const maxRetries = options.maxRetries ?? 3
  const retryBaseMs = options.retryBaseMs ?? 250
  const retryMaxMs = options.retryMaxMs ?? 10_000
  const maxResponseBytes = options.maxResponseBytes ?? 8 * 1024 * 1024
  const random = options.random ?? Math.random
  const sleep = options.sleep ?? defaultSleep
  const limit: ConcurrencyLimit = createConcurrencyLimit(options.maxConcurrent ?? 4)
  const name = options.providerName

  async function attempt(input: ProviderRequest, body: string | undefined): Promise<ProviderResponse> {
    const outgoing: OutgoingRequest = { method: input.method, path: input.path, body }
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(input.idempotencyKey === undefined ? {} : { 'idempotency-key': input.idempotencyKey }),
      ...(await options.authenticate(outgoing)),
    }
    let response: Dispatcher.ResponseData
    try {
      response = await request(`${root}${input.path}`, {
        method: input.method,
        headers,
        ...(body === undefined ? {} : { body }),
        dispatcher: options.dispatcher ?? agent(),
        signal: AbortSignal.timeout(timeoutMs),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      })
    } catch (error) {
      // Never heard: whether a create reached the custodian is unknown, so only its idempotency key makes a retry safe.
      throw new AttemptFailure(unreachable(name, input.method !== 'GET', error), true)
    }
    const text = await readBounded(response.body, maxResponseBytes).catch((error: unknown) => {
      throw new AttemptFailure(unreachable(name, input.method !== 'GET', error), true)
    })
    const parsed = parseJson(text)
    if (
      (response.statusCode >= 200 && response.statusCode < 300) ||
      input.accept?.includes(response.statusCode)
    ) {
      if (parsed === invalidJson) {
        throw new AttemptFailure(
          new ProviderError(
            'PROVIDER_UNAVAILABLE',
            `${name} answered ${response.statusCode} with a body that is not JSON`,
            {
              httpStatus: response.statusCode,
            },
          ),
          false,
        )
      }
      return { status: response.statusCode, body: parsed }
    }
    const described = parsed === invalidJson ? undefined : options.describeError?.(parsed)
    // A create that failed inside the custodian (5xx) may have been made before it failed.
    const failure = providerErrorOf(name, response.statusCode, described, {
      outcomeUnknown: input.method !== 'GET' && response.statusCode >= 500,
    })
    const wait = retryAfterMs(response.headers['retry-after'], Date.now())
    throw new AttemptFailure(failure, retryableStatus(response.statusCode), wait)
  }

  return {
    baseUrl: root,
    /** One request, retried as its method and idempotency key allow; throws ProviderError. */
    async send(input: ProviderRequest): Promise<ProviderResponse> {
      const body = input.body === undefined ? undefined : JSON.stringify(input.body)
      const retriable = input.method === 'GET' || input.idempotencyKey !== undefined
      return limit(async () => {
        for (let retry = 0; ; retry += 1) {
          try {
            return await attempt(input, body)
          } catch (error) {
            if (!(error instanceof AttemptFailure)) throw error
            if (!retriable || !error.retryable || retry >= maxRetries) throw error.failure
            const jittered = backoffDelay(retry, retryBaseMs, retryMaxMs, random)
            const wait = Math.max(jittered, error.waitMs ?? 0)
            // A custodian asking for a longer pause than we wait is answered as unavailable now, not held for minutes.
            if (wait > retryMaxMs) throw error.failure
            await sleep(wait)
          }
        }
      })
    },
  }
}

export type ProviderHttpClient = ReturnType<typeof createProviderHttpClient>

const invalidJson = Symbol('invalid JSON')

function parseJson(text: string): unknown {
  if (text.length === 0) return null
  try {
    return JSON.parse(text)
  } catch {
    return invalidJson
  }
}

async function readBounded(body: Dispatcher.ResponseData['body'], max: number): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body) {
    size += (chunk as Buffer).length
    if (size > max) {
      body.destroy()
      throw new RangeError(`The response is longer than ${max} bytes`)
    }
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}
