/** Wrong admin keys a peer may type per window before the sign-in form refuses it for the rest of the window. */
export const maxFailures = 10
export const windowMs = 15 * 60 * 1000
/** Peers remembered at most; past it the oldest are forgotten, so a flood of addresses cannot grow the map. */
const maxPeers = 10_000

/**
 * Counts wrong admin keys per peer address, in memory: the admin key is long and random, but a sign-in form is
 * still no place for unlimited guesses. Per gateway (several gateways each count their own).
 */
export class SignInAttempts {
  private readonly failures = new Map<string, { count: number; since: number }>()

  /** Whether this peer may try a key now. */
  allowed(peer: string, now: number): boolean {
    const entry = this.failures.get(peer)
    if (!entry || now - entry.since >= windowMs) return true
    return entry.count < maxFailures
  }

  failed(peer: string, now: number): void {
    const entry = this.failures.get(peer)
    if (!entry || now - entry.since >= windowMs) {
      this.failures.delete(peer)
      if (this.failures.size >= maxPeers) {
        const oldest = this.failures.keys().next().value
        if (oldest !== undefined) this.failures.delete(oldest)
      }
      this.failures.set(peer, { count: 1, since: now })
      return
    }
    entry.count += 1
  }

  succeeded(peer: string): void {
    this.failures.delete(peer)
  }
}
