import type { HistoryTransfer } from '../generated/evaluationRequest'

/**
 * The history of an ordered log as it was at each of its requests: the entries earlier requests moved, from a
 * given first second on. Entries older than every window asked for so far are dropped from the front, so a month
 * replayed under daily limits keeps about a day of entries, not the month.
 */
export class RebuiltHistory {
  private entries: HistoryTransfer[] = []
  private first = 0

  /** The entries moved before this request, at or after `since` (unix seconds); none when since is undefined. */
  since(since: number | undefined): HistoryTransfer[] {
    if (since === undefined) return []
    // Requests come in time order, and so do the windows of one candidate: what is older than this window is older
    // than every later one. An entry out of order (a clock step) is kept until the front passes it.
    while (
      this.first < this.entries.length &&
      (this.entries[this.first] as HistoryTransfer).timestamp < since
    )
      this.first++
    if (this.first > 4096 && this.first * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.first)
      this.first = 0
    }
    const window: HistoryTransfer[] = []
    for (let i = this.first; i < this.entries.length; i++) {
      const entry = this.entries[i] as HistoryTransfer
      if (entry.timestamp >= since) window.push(entry)
    }
    return window
  }

  /** Counts what a request moved for the requests after it. */
  add(moved: readonly HistoryTransfer[] | undefined): void {
    if (moved) for (const entry of moved) this.entries.push(entry)
  }
}
