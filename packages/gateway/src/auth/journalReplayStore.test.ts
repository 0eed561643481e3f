import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { JournalReplayStore } from './journalReplayStore'

const key = (n: number) => n.toString(16).padStart(64, '0')
const directories: string[] = []
function directory(): string {
  const made = mkdtempSync(join(tmpdir(), 'rampart-journal-'))
  directories.push(made)
  return made
}
afterEach(() => {
  for (const made of directories.splice(0)) rmSync(made, { recursive: true, force: true })
})

const replayed = { code: 'JWS_REPLAYED' }

describe('JournalReplayStore', () => {
  it('accepts a signature once and refuses it again, within one process', async () => {
    const store = await JournalReplayStore.open({ directory: directory() })
    const expiresAt = new Date(Date.now() + 60_000)
    await store.remember('client-a', key(1), expiresAt)
    await expect(store.remember('client-a', key(1), expiresAt)).rejects.toMatchObject(replayed)
    // Another client's signature with the same key is its own.
    await store.remember('client-b', key(1), expiresAt)
    store.close()
  })

  it('refuses after a restart what was accepted before it, even when the process never closed the store', async () => {
    const dir = directory()
    const expiresAt = new Date(Date.now() + 60_000)
    const first = await JournalReplayStore.open({ directory: dir })
    await first.remember('client-a', key(1), expiresAt)
    // As after SIGKILL: the first store is never closed; the line was written before remember returned.
    const restarted = await JournalReplayStore.open({ directory: dir })
    await expect(restarted.remember('client-a', key(1), expiresAt)).rejects.toMatchObject(replayed)
    await restarted.remember('client-a', key(2), expiresAt)
    const again = await JournalReplayStore.open({ directory: dir })
    await expect(again.remember('client-a', key(2), expiresAt)).rejects.toMatchObject(replayed)
    for (const store of [first, restarted, again]) store.close()
  })

  it('forgets expired signatures at a restart, and keeps those of the table it replaces until they expire', async () => {
    const dir = directory()
    let now = 1_000_000
    const first = await JournalReplayStore.open({ directory: dir, now: () => now })
    await first.remember('client-a', key(1), new Date(now + 10_000))
    first.close()
    now += 20_000
    const restarted = await JournalReplayStore.open({
      directory: dir,
      now: () => now,
      alreadySeen: [{ clientId: 'client-a', replayKey: key(3), expiresAt: now + 5_000 }],
    })
    await restarted.remember('client-a', key(1), new Date(now + 10_000))
    await expect(restarted.remember('client-a', key(3), new Date(now + 10_000))).rejects.toMatchObject(
      replayed,
    )
    restarted.close()
  })

  it('drops a last line cut short by a crash, and names the file and line of any other bad line', async () => {
    const dir = directory()
    const expiresAt = Date.now() + 60_000
    const path = join(dir, 'rampart-seen-signatures.current')
    writeFileSync(path, `${expiresAt} client-a ${key(1)}\n${expiresAt} client-a ${key(2).slice(0, 20)}`)
    const store = await JournalReplayStore.open({ directory: dir })
    await expect(store.remember('client-a', key(1), new Date(expiresAt))).rejects.toMatchObject(replayed)
    await store.remember('client-a', key(2), new Date(expiresAt))
    store.close()
    writeFileSync(path, `${expiresAt} client-a ${key(1)}\nnot a line\n`)
    await expect(JournalReplayStore.open({ directory: dir })).rejects.toThrow(
      `${path}:2:1: not a line of the replay journal`,
    )
  })

  it('goes on with a new file when its current one was removed from outside', async () => {
    const dir = directory()
    let now = 1_000_000
    const store = await JournalReplayStore.open({ directory: dir, now: () => now, rotateAfterMs: 1_000 })
    rmSync(join(dir, 'rampart-seen-signatures.current'))
    now += 1_000
    await store.remember('client-a', key(1), new Date(now + 5_000))
    await expect(store.remember('client-a', key(1), new Date(now + 5_000))).rejects.toMatchObject(replayed)
    expect(readFileSync(join(dir, 'rampart-seen-signatures.current'), 'utf8')).toBe(
      `${now + 5_000} client-a ${key(1)}\n`,
    )
    store.close()
  })

  it('rotates its files, deleting one only once every signature in it has expired', async () => {
    const dir = directory()
    let now = 1_000_000
    const store = await JournalReplayStore.open({ directory: dir, now: () => now, rotateAfterMs: 1_000 })
    await store.remember('client-a', key(1), new Date(now + 5_000))
    now += 1_000
    // Rotates: the file with key 1 becomes the previous one, kept (key 1 is live until 1,005,000).
    await store.remember('client-a', key(2), new Date(now + 5_000))
    now += 1_000
    // Not yet: the previous file still holds a live key, so the current one goes on.
    await store.remember('client-a', key(3), new Date(now + 5_000))
    const lines = (name: string) => readFileSync(join(dir, name), 'utf8').trim().split('\n').length
    expect(lines('rampart-seen-signatures.previous')).toBe(1)
    expect(lines('rampart-seen-signatures.current')).toBe(2)
    // A restart here still refuses key 1, from the previous file.
    const restarted = await JournalReplayStore.open({ directory: dir, now: () => now })
    await expect(restarted.remember('client-a', key(1), new Date(now + 5_000))).rejects.toMatchObject(
      replayed,
    )
    restarted.close()
    now += 10_000
    // Everything written so far has expired: the previous file is replaced, its keys gone with it.
    await store.remember('client-a', key(4), new Date(now + 5_000))
    await store.remember('client-a', key(5), new Date(now + 5_000))
    now += 10_000
    await store.remember('client-a', key(6), new Date(now + 5_000))
    expect(readdirSync(dir).sort()).toEqual(['rampart-seen-signatures.current'])
    expect(readFileSync(join(dir, 'rampart-seen-signatures.current'), 'utf8')).toBe(
      `${now + 5_000} client-a ${key(6)}\n`,
    )
    store.close()
  })
})
