import { describe, expect, it } from 'vitest'
import { openDatabase } from './openDatabase'

const url = process.env.DATABASE_URL

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20))

// Two gateways on one PostgreSQL database are two pools here, as they would be two processes.
describe.runIf(url)('lockAcrossGateways on PostgreSQL', () => {
  it('runs the tasks of one key one at a time across gateways, and those of other keys meanwhile', async () => {
    const [first, second] = await Promise.all([openDatabase({ url: url! }), openDatabase({ url: url! })])
    try {
      const log: string[] = []
      const held = gate()
      const entered = gate()
      const holding = first.lockAcrossGateways!('client-a', async () => {
        log.push('first in')
        entered.open()
        await held.opened
        log.push('first out')
      })
      await entered.opened
      const waiting = second.lockAcrossGateways!('client-a', async () => {
        log.push('second in')
      })
      // Another client's decisions do not wait for client-a's.
      await second.lockAcrossGateways!('client-b', async () => {
        log.push('other key')
      })
      for (let i = 0; i < 5; i++) await tick()
      expect(log).toEqual(['first in', 'other key'])
      held.open()
      await Promise.all([holding, waiting])
      expect(log).toEqual(['first in', 'other key', 'first out', 'second in'])
    } finally {
      await Promise.all([first.close(), second.close()])
    }
  })

  it('keeps the vault locks apart from the decision locks: one key in both never waits on the other', async () => {
    const [first, second] = await Promise.all([openDatabase({ url: url! }), openDatabase({ url: url! })])
    try {
      const held = gate()
      const entered = gate()
      const holding = first.lockVaults!('same-key', async () => {
        entered.open()
        await held.opened
      })
      await entered.opened
      expect(await second.lockAcrossGateways!('same-key', async () => 'decided')).toBe('decided')
      let waited = true
      const waiting = second.lockVaults!('same-key', async () => {
        waited = false
      })
      for (let i = 0; i < 5; i++) await tick()
      expect(waited).toBe(true)
      held.open()
      await Promise.all([holding, waiting])
      expect(waited).toBe(false)
    } finally {
      await Promise.all([first.close(), second.close()])
    }
  })

  it('releases the lock when the task fails', async () => {
    const [first, second] = await Promise.all([openDatabase({ url: url! }), openDatabase({ url: url! })])
    try {
      await expect(
        first.lockAcrossGateways!('client-c', async () => {
          throw new Error('the decision failed')
        }),
      ).rejects.toThrow('the decision failed')
      expect(await second.lockAcrossGateways!('client-c', async () => 'taken')).toBe('taken')
    } finally {
      await Promise.all([first.close(), second.close()])
    }
  })
})

describe('lockAcrossGateways on PGlite', () => {
  it('is absent: one process opens an embedded database, and the lock within the gateway suffices', async () => {
    const database = await openDatabase({})
    try {
      expect(database.lockAcrossGateways).toBeUndefined()
      expect(database.lockVaults).toBeUndefined()
    } finally {
      await database.close()
    }
  })
})
