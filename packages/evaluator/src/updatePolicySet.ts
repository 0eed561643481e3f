import type { Policy } from './generated/policy'
import type { DataPatch } from './patchPolicyData'
import { entryKey, type PlacedFiling, type PolicyEntry, placeFiling, policyEntry } from './policyEntry'
import { ACTIONS, type Bucket, type PreparedPolicySet } from './preparePolicies'
import { assignSlots } from './slotLayout'

// A policy set kept up to date policy by policy: what changed is prepared, filed and patched, and nothing else. Each
// policy's entry is prepared once (policyEntry.ts) and sits in a slot (slotLayout.ts); a bucket changes only when a
// policy filed in it is changed, added, removed or moved to another slot.

/** What a set keeps to be updated in place: each slot's entry, and where each policy id sits. */
interface SetLayout {
  name: string
  /** The token decimals the entries were prepared with, as JSON: the record itself may change in place. */
  decimals: string
  /** Spacing of new slots past the last one (slotLayout.ts). */
  spacing: number
  entries: (PolicyEntry | undefined)[]
  slotOf: Map<string, number>
  /** The next bucket id: ids are never reused, so a bucket's id names the same key for as long as it lives. */
  nextBucket: number
}

/** The layout of each set this module built. The sets themselves stay the shape the rest of the evaluator reads. */
const layouts = new WeakMap<PreparedPolicySet, SetLayout>()

/**
 * The layout of the latest set of each index: sets share their index with the sets they were updated from, so
 * only the latest may be updated (an older one would read the index as it no longer is). A record, so that a
 * rollback puts the one before back.
 */
const latest = new WeakMap<PreparedPolicySet['index'], { layout?: SetLayout }>()

/** The policies filed in each bucket, with what each brings to it: a changed bucket is gathered again from them. */
const members = new WeakMap<Bucket, PlacedFiling[]>()

type Index = PreparedPolicySet['index']

/** Changes to records the old set shares with the new one, to undo when the update is not taken after all. */
class Journal {
  readonly #changes: [record: Record<string, unknown>, key: string, had: boolean, value: unknown][] = []

  set(record: Record<string, unknown>, key: string, value: unknown): void {
    this.#changes.push([record, key, Object.hasOwn(record, key), record[key]])
    record[key] = value
  }

  delete(record: Record<string, unknown>, key: string): void {
    this.#changes.push([record, key, true, record[key]])
    delete record[key]
  }

  undo(): void {
    for (let k = this.#changes.length - 1; k >= 0; k--) {
      const [record, key, had, value] = this.#changes[k] as [
        Record<string, unknown>,
        string,
        boolean,
        unknown,
      ]
      if (had) record[key] = value
      else delete record[key]
    }
    this.#changes.length = 0
  }
}

/** A set updated: the new set, the patches to the loaded data and their undo, and the undo of the shared records. */
export interface SetUpdate {
  set: PreparedPolicySet
  patches: DataPatch[]
  undo: DataPatch[]
  /** Puts the old set's index and buckets back as they were: when the update is not taken after all. */
  rollback(): void
}

/** The changes to one bucket: the slots whose filings leave it and the filings that come in. */
interface BucketChange {
  keys: [action: string, intentKey: string, principal: string, resource: string]
  leaving: Set<number>
  coming: PlacedFiling[]
}

/** Every bucket key a policy's entry is filed under. */
function forEachBucket(
  entry: PolicyEntry,
  visit: (keys: BucketChange['keys'], filed: boolean, call: boolean) => void,
): void {
  for (const { action, intentKey, filed, call } of entry.placements)
    for (const principal of entry.principalScopes)
      for (const resource of entry.resourceScopes)
        visit([action, intentKey, principal, resource], filed, call)
}

/** A bucket gathered from its members: their entries in slot order, and what their criteria need of a request. */
function bucketOf(id: string, placed: PlacedFiling[]): Bucket {
  const bucket: Bucket = { id, policies: [], limits: [], intentFields: [] }
  for (const { entry, filing, limits } of placed) {
    bucket.policies.push(entry)
    bucket.limits.push(...limits)
    if (filing.valuesInCurrency) bucket.valuesInCurrency = true
    for (const field of filing.intentFields)
      if (!bucket.intentFields.includes(field)) bucket.intentFields.push(field)
    for (const zone of filing.timeZones) {
      bucket.timeZones ??= []
      if (!bucket.timeZones.includes(zone)) bucket.timeZones.push(zone)
    }
    for (const condition of filing.fiat) {
      bucket.fiat ??= []
      if (!bucket.fiat.some((known) => known.fiat === condition.fiat)) bucket.fiat.push(condition)
    }
  }
  members.set(bucket, placed)
  return bucket
}

/**
 * The entry of each policy: the old set's when what its preparation reads is the same (and so are the decimals),
 * else a new one, unless it prepares exactly as the old one did (a token whose decimals did not change).
 */
function entriesFor(
  policies: readonly Policy[],
  old: SetLayout | undefined,
  decimals: Record<string, number>,
  sameDecimals: boolean,
) {
  const byKey = new Map<string, PolicyEntry>()
  if (old) for (const entry of old.entries) if (entry) byKey.set(entry.key, entry)
  return policies.map((policy) => {
    const key = entryKey(policy)
    const known = byKey.get(key)
    if (known && sameDecimals) return known
    const entry = policyEntry(policy, decimals, key)
    return known && known.fingerprint === entry.fingerprint ? known : entry
  })
}

/**
 * Updates a prepared policy set to the given (validated) policies: only the policies changed, added, removed or
 * moved are filed again, and only the buckets they are in change. The new set shares its index with the old one,
 * changed in place: `rollback` puts it back when the update is not taken. The patches change the loaded set into
 * the new one (the whole set when there was none), and `undo` changes it back. Throws, the old set intact, when a
 * policy cannot be prepared.
 */
export function updatePolicySet(
  previous: PreparedPolicySet | undefined,
  name: string,
  policies: readonly Policy[],
  decimals: Record<string, number>,
  spacing = 1,
): SetUpdate {
  const old = previous && layouts.get(previous)
  // Fail closed: a set updated since, or not made here, cannot be updated in place.
  if (previous && (!old || latest.get(previous.index)?.layout !== old))
    throw new Error(`policy set ${name} is not the latest of its index: it cannot be updated in place`)
  const journal = new Journal()
  try {
    return update(previous && old ? { set: previous, layout: old } : undefined, name, policies, decimals, {
      journal,
      spacing: old?.spacing ?? spacing,
    })
  } catch (error) {
    journal.undo()
    throw error
  }
}

function update(
  old: { set: PreparedPolicySet; layout: SetLayout } | undefined,
  name: string,
  policies: readonly Policy[],
  decimals: Record<string, number>,
  { journal, spacing }: { journal: Journal; spacing: number },
): SetUpdate {
  const decimalsKey = JSON.stringify(
    Object.entries(decimals).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  )
  const entries = entriesFor(policies, old?.layout, decimals, old?.layout.decimals === decimalsKey)
  const slots = assignSlots(
    policies.map((policy) => old?.layout.slotOf.get(policy.id)),
    spacing,
  )
  const layout: SetLayout = {
    name,
    decimals: decimalsKey,
    spacing,
    entries: [],
    slotOf: new Map(),
    nextBucket: old?.layout.nextBucket ?? 0,
  }
  const changes = new Map<string, BucketChange>()
  const changeOf = (keys: BucketChange['keys']) => {
    const key = keys.join('\u0000')
    let change = changes.get(key)
    if (!change) {
      change = { keys, leaving: new Set(), coming: [] }
      changes.set(key, change)
    }
    return change
  }
  const stays = new Set<number>()
  entries.forEach((entry, i) => {
    const slot = slots[i] as number
    // Validation refuses a set naming an id twice: two policies cannot share a slot.
    if (layout.slotOf.has(entry.prepared.id)) throw new Error(`policy ${entry.prepared.id} is listed twice`)
    layout.entries[slot] = entry
    layout.slotOf.set(entry.prepared.id, slot)
    const was = old?.layout.slotOf.get(entry.prepared.id)
    if (was === slot && old?.layout.entries[slot] === entry) {
      stays.add(slot)
      return
    }
    const filed = placeFiling(name, slot, entry.filed)
    const call = entry.call && placeFiling(name, slot, entry.call)
    forEachBucket(entry, (keys, isFiled, isCall) => {
      const change = changeOf(keys)
      if (isFiled) change.coming.push(filed)
      if (isCall && call) change.coming.push(call)
    })
  })
  // Whatever left its slot (removed, moved or changed) leaves the buckets it was in.
  old?.layout.entries.forEach((entry, slot) => {
    if (entry && !stays.has(slot)) forEachBucket(entry, (keys) => changeOf(keys).leaving.add(slot))
  })

  const set: PreparedPolicySet = {
    policies: Array.from(layout.entries, (entry) => entry?.prepared),
    buckets: old?.set.buckets ?? {},
    index: old?.set.index ?? emptyIndex(),
  }
  const patches: DataPatch[] = []
  const undo: DataPatch[] = []
  const out = old ? { patches, undo } : undefined
  for (const change of changes.values()) applyChange(set, layout, change, journal, out)
  layouts.set(set, layout)
  let holder = latest.get(set.index)
  if (!holder) {
    holder = {}
    latest.set(set.index, holder)
  }
  journal.set(holder, 'layout', layout)

  if (!old) {
    const whole = { policies: libraryPolicies(layout), buckets: libraryBuckets(set) }
    return {
      set,
      patches: [{ path: ['sets', name], value: whole }],
      undo: [{ path: ['sets', name] }],
      rollback: () => {},
    }
  }
  if (!sameLibraryPolicies(old.layout, layout)) {
    patches.push({ path: ['sets', name, 'policies'], value: libraryPolicies(layout), replaces: true })
    undo.push({ path: ['sets', name, 'policies'], value: libraryPolicies(old.layout), replaces: true })
  }
  // Undone in the reverse order of the changes.
  undo.reverse()
  return { set, patches, undo, rollback: () => journal.undo() }
}

const emptyIndex = (): Index => Object.fromEntries(ACTIONS.map((action) => [action, {}]))

/** The policy library's list of a set's policies: null in an empty slot, which no bucket names. */
const libraryPolicies = (layout: SetLayout) => Array.from(layout.entries, (entry) => entry?.library ?? null)

/** Whether two layouts give the policy library the same list: slot by slot, empty ones too (a loop: no holes skipped). */
function sameLibraryPolicies(a: SetLayout, b: SetLayout): boolean {
  if (a.entries.length !== b.entries.length) return false
  for (let slot = 0; slot < a.entries.length; slot++)
    if (a.entries[slot]?.library !== b.entries[slot]?.library) return false
  return true
}

function libraryBuckets(set: PreparedPolicySet): Record<string, unknown> {
  const buckets: Record<string, unknown> = {}
  for (const [id, bucket] of Object.entries(set.buckets)) buckets[id] = bucket.policies
  return buckets
}

/**
 * Applies the changes to one bucket: gathered again from the members that stay and those that come, created when
 * new, removed (with the records that then hold nothing) when none is left; patched when the library's view of it
 * changed (`out`, left out for a new set, which is loaded whole).
 */
function applyChange(
  set: PreparedPolicySet,
  layout: SetLayout,
  change: BucketChange,
  journal: Journal,
  out: { patches: DataPatch[]; undo: DataPatch[] } | undefined,
): void {
  const [action, intentKey, principal, resource] = change.keys
  const byIntent = set.index[action] as Index[string]
  let byScope = byIntent[intentKey]
  let byResource = byScope?.[principal]
  const was = byResource?.[resource]
  const staying = was ? (members.get(was) ?? []).filter((member) => !change.leaving.has(member.slot)) : []
  // A stable sort: a policy's own filing stays before its filing as a call, as they came.
  const placed = [...staying, ...change.coming].sort((a, b) => a.slot - b.slot)
  const path = (id: string) => ['sets', layout.name, 'buckets', id]
  if (placed.length === 0) {
    if (!was || !byScope || !byResource) return
    journal.delete(byResource, resource)
    journal.delete(set.buckets, was.id)
    if (Object.keys(byResource).length === 0) journal.delete(byScope, principal)
    if (Object.keys(byScope).length === 0) journal.delete(byIntent, intentKey)
    out?.patches.push({ path: path(was.id) })
    out?.undo.push({ path: path(was.id), value: was.policies })
    return
  }
  const bucket = bucketOf(was?.id ?? String(layout.nextBucket++), placed)
  if (!byScope) {
    byScope = {}
    journal.set(byIntent, intentKey, byScope)
  }
  if (!byResource) {
    byResource = {}
    journal.set(byScope, principal, byResource)
  }
  journal.set(byResource, resource, bucket)
  journal.set(set.buckets, bucket.id, bucket)
  if (was && JSON.stringify(was.policies) === JSON.stringify(bucket.policies)) return
  // A bucket there before is replaced (its key stays); a new one's undo is a removal.
  out?.patches.push({ path: path(bucket.id), value: bucket.policies, replaces: was !== undefined })
  out?.undo.push({ path: path(bucket.id), value: was?.policies, replaces: was !== undefined })
}

/** Prepares validated policies for the policy library as a new set: each policy's entry in a slot of its own. */
export function preparePolicySet(
  name: string,
  policies: readonly Policy[],
  decimals: Record<string, number>,
  spacing = 1,
): PreparedPolicySet {
  return updatePolicySet(undefined, name, policies, decimals, spacing).set
}
