import { type EcPoint, fingerprintOf, type KeyIdentity } from '../checkPublicJwk'

/**
 * The public keys of a document's credentials, to find a key held twice. An EC key (nearly all of them) is filed
 * under its x coordinate, a bigint, which the map hashes without any text being built; two points share an x only
 * as each other's negation or on two curves, so those few are told apart by their fingerprints, as other keys are.
 */
export class HeldKeys {
  readonly #byX = new Map<bigint, number>()
  readonly #points: EcPoint[] = []
  readonly #byFingerprint = new Map<string, number>()

  /** Files the key of the credential at `at`, unless a credential filed earlier holds it: then returns where that is. */
  holder(identity: KeyIdentity, at: number): number | undefined {
    if (typeof identity === 'string') return this.#holderOf(identity, at)
    const first = this.#byX.get(identity.x)
    if (first === undefined) {
      this.#byX.set(identity.x, at)
      this.#points[at] = identity
      return undefined
    }
    this.#holderOf(fingerprintOf(this.#points[first]!), first)
    return this.#holderOf(fingerprintOf(identity), at)
  }

  #holderOf(fingerprint: string, at: number): number | undefined {
    const first = this.#byFingerprint.get(fingerprint)
    if (first === undefined) this.#byFingerprint.set(fingerprint, at)
    return first
  }
}
