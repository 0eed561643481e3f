import pg from 'pg'

/** The PostgreSQL channel on which a gateway announces that a client's keys changed (the payload is its id). */
export const clientKeysChannel = 'rampart_client_keys'

export type ClientKeyChangesOptions = {
  url: string
  /** A client's keys changed on some gateway sharing the database: forget them. */
  onChange: (clientId: string) => void
  /** Notifications may have been missed (the connection dropped or is not up yet): forget every client's keys. */
  onGap: () => void
  /** Milliseconds before connecting again after the connection dropped. */
  retryAfterMs?: number
}

/**
 * Listens (LISTEN/NOTIFY) for the key changes that any gateway sharing the PostgreSQL database announces, on one
 * connection of its own. While it is not listening, {@link listening} is false and the caller must not trust
 * cached keys: a revocation made elsewhere meanwhile would go unheard.
 */
export class ClientKeyChanges {
  private client: pg.Client | undefined
  private closed = false
  private retry: NodeJS.Timeout | undefined
  listening = false

  constructor(private readonly options: ClientKeyChangesOptions) {}

  /** Connects and listens; on failure, retries in the background (callers keep reading keys uncached). */
  async start(): Promise<void> {
    if (this.closed) return
    const client = new pg.Client({ connectionString: this.options.url, keepAlive: true })
    this.client = client
    const lost = () => {
      if (this.client !== client) return
      this.client = undefined
      this.listening = false
      this.options.onGap()
      client.end().catch(() => {})
      if (!this.closed) this.retry = setTimeout(() => void this.start(), this.options.retryAfterMs ?? 1000)
    }
    client.on('error', lost)
    client.on('end', lost)
    client.on('notification', (message) => {
      if (message.channel === clientKeysChannel && message.payload) this.options.onChange(message.payload)
    })
    try {
      await client.connect()
      await client.query(`LISTEN ${clientKeysChannel}`)
      // Anything cached before this point may predate a change nobody told us about.
      this.options.onGap()
      if (this.client === client) this.listening = true
    } catch {
      lost()
    }
  }

  async close(): Promise<void> {
    this.closed = true
    this.listening = false
    clearTimeout(this.retry)
    const client = this.client
    this.client = undefined
    await client?.end().catch(() => {})
  }
}
