import { closeSync, existsSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { GatewayError } from '../core/errors/gatewayError'
import { MemoryReplayStore } from './memoryReplayStore'
import type { ReplayStore } from './replayStore'

/** A remembered signature: whose, which, and until when (milliseconds since the epoch). */
export type SeenSignature = { clientId: string; replayKey: string; expiresAt: number }

export type JournalReplayStoreOptions = {
  /** Where the journal's two files live (the PGlite data directory). */
  directory: string
  /** Signatures remembered elsewhere before this store existed (the `seen_signatures` rows), kept until they expire. */
  alreadySeen?: readonly SeenSignature[]
  /** How long a journal file is written to before the next one starts (default 60 s). */
  rotateAfterMs?: number
  maxEntries?: number
  /** Milliseconds since the epoch. */
  now?: () => number
}

const current = 'rampart-seen-signatures.current'
const previous = 'rampart-seen-signatures.previous'
/** `expiresAt clientId replayKey`: the client id as authPlugin admits it, the key as verifyDetachedJws makes it. */
const line = /^(\d{1,15}) ([A-Za-z0-9_.-]{1,64}) ([0-9a-f]{64})$/

/** The unexpired signatures of one journal file; a final line cut short (by a crash while writing it) is no entry. */
function readJournal(path: string, now: number): SeenSignature[] {
  if (!existsSync(path)) return []
  const lines = readFileSync(path, 'utf8').split('\n')
  // After the last newline: empty, or a line whose write never finished (its request was never let through).
  lines.pop()
  const seen: SeenSignature[] = []
  for (const [index, text] of lines.entries()) {
    const match = line.exec(text)
    if (!match) throw new Error(`${path}:${index + 1}:1: not a line of the replay journal`)
    const expiresAt = Number(match[1])
    if (expiresAt > now) seen.push({ clientId: match[2]!, replayKey: match[3]!, expiresAt })
  }
  return seen
}

/**
 * Replay keys for a gateway that alone owns its database (PGlite on disk): checked in memory, and each accepted one
 * appended to a journal file (one `write` of one line) before its request goes on, then read back when the gateway
 * starts. PGlite's INSERT into `seen_signatures` cost a signed read about 1 ms on the event loop; the line costs
 * microseconds.
 *
 * Why a crash cannot let a signature be accepted twice within its validity window: a request passes authentication
 * only once its line's `write` has returned, so the line is in the operating system's copy of the file whatever
 * happens to the process afterwards (SIGKILL, a crash, an exit); a restarted gateway reads both journal files before
 * it serves anything and refuses every unexpired key in them. A line cut short by a crash while it was written
 * belongs to a request that was never let through, so dropping it loses nothing. A file is deleted only when every
 * key in it has expired (files rotate, and the previous one goes once the latest expiry written to it is past). Like
 * PGlite's own files, the journal is not fsynced: a power loss can lose its last lines, as it can lose the last
 * commits; the keys lost then expire within `2 × jwsMaxAgeSeconds + 1` s of their writing.
 */
export class JournalReplayStore implements ReplayStore {
  private readonly memory: MemoryReplayStore
  private readonly now: () => number
  private readonly rotateAfterMs: number
  private fd: number
  private openedAt: number
  private latestExpiry = 0
  private previousLatestExpiry: number

  private constructor(
    private readonly directory: string,
    options: JournalReplayStoreOptions,
    previousLatestExpiry: number,
  ) {
    this.now = options.now ?? Date.now
    this.rotateAfterMs = options.rotateAfterMs ?? 60_000
    this.memory = new MemoryReplayStore({
      now: this.now,
      ...(options.maxEntries === undefined ? {} : { maxEntries: options.maxEntries }),
    })
    this.previousLatestExpiry = previousLatestExpiry
    this.fd = openSync(join(directory, current), 'a')
    this.openedAt = this.now()
  }

  /** Reads the journal (and `alreadySeen`) back, then appends to it; throws on a journal it cannot read. */
  static async open(options: JournalReplayStoreOptions): Promise<JournalReplayStore> {
    const now = (options.now ?? Date.now)()
    const { directory } = options
    // What the current file held is older than anything written from now on: it becomes the previous one.
    // The next file too: a crash while rotating can leave keys there alone (see rotate).
    const kept = [
      ...readJournal(join(directory, previous), now),
      ...readJournal(join(directory, current), now),
      ...readJournal(join(directory, `${current}.next`), now),
      ...(options.alreadySeen ?? []).filter((seen) => seen.expiresAt > now),
    ]
    const latest = kept.reduce((max, seen) => Math.max(max, seen.expiresAt), 0)
    const store = new JournalReplayStore(directory, options, latest)
    for (const seen of kept) {
      await store.memory.remember(seen.clientId, seen.replayKey, new Date(seen.expiresAt)).catch(() => {})
    }
    // Everything kept goes into the new current file, so the older files can go at once.
    store.rotate(now, kept)
    return store
  }

  async remember(clientId: string, replayKey: string, expiresAt: Date): Promise<void> {
    await this.memory.remember(clientId, replayKey, expiresAt)
    try {
      const now = this.now()
      if (now - this.openedAt >= this.rotateAfterMs && now >= this.previousLatestExpiry) this.rotate(now, [])
      writeSync(this.fd, `${expiresAt.getTime()} ${clientId} ${replayKey}\n`)
    } catch {
      // Accepted without its line, it could be accepted again after a restart: refused instead (fail closed).
      throw new GatewayError('INTERNAL_ERROR', 'The signed request could not be remembered; retry shortly')
    }
    this.latestExpiry = Math.max(this.latestExpiry, expiresAt.getTime())
  }

  close(): void {
    closeSync(this.fd)
  }

  /**
   * The current file becomes the previous one (whose keys have all expired: it is deleted) and a new current file
   * starts, holding `carried` first (written to a next file, renamed into place): a crash at any point leaves every
   * unexpired key in a file that {@link open} reads (previous, current or next).
   */
  private rotate(now: number, carried: readonly SeenSignature[]): void {
    const currentPath = join(this.directory, current)
    const previousPath = join(this.directory, previous)
    const next = `${currentPath}.next`
    writeSyncAll(
      next,
      carried.map((seen) => `${seen.expiresAt} ${seen.clientId} ${seen.replayKey}\n`).join(''),
    )
    closeSync(this.fd)
    // Gone only if removed from outside: then there is nothing to keep of it, and the store goes on with a new one.
    if (existsSync(currentPath)) renameSync(currentPath, previousPath)
    renameSync(next, currentPath)
    this.fd = openSync(currentPath, 'a')
    this.previousLatestExpiry = Math.max(this.latestExpiry, this.previousLatestExpiry)
    this.latestExpiry = carried.reduce((max, seen) => Math.max(max, seen.expiresAt), 0)
    this.openedAt = now
    if (carried.length > 0 || now >= this.previousLatestExpiry) {
      // The previous file's keys are all in the new current file, or all expired.
      if (existsSync(previousPath)) unlinkSync(previousPath)
      this.previousLatestExpiry = 0
    }
  }
}

function writeSyncAll(path: string, text: string): void {
  const fd = openSync(path, 'w')
  try {
    writeSync(fd, text)
  } finally {
    closeSync(fd)
  }
}
