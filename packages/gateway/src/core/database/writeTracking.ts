import type { PGlite, Transaction } from '@electric-sql/pglite'

/**
 * A number that changes after every statement that may change what a read returns. A read that noted the number
 * before it ran is still current while the number is the same: the read cache's whole soundness rests on this.
 */
export class WriteGeneration {
  private current = 0

  get value(): number {
    return this.current
  }

  bump(): void {
    this.current++
  }
}

/**
 * Tables no cached read depends on, whose rows a request writes as a matter of course: remembered request
 * signatures (each signed request, with the database replay store), signing requests with the limits' movements
 * and totals, and the local provider's vaults. A write to one of them changes nothing a cached read returned: no
 * trigger exists, and no foreign key of another table points at them except limit_movements' at
 * signing_requests (which is in this set too). Every other write invalidates every cached read.
 */
const tablesNoReadDependsOn = new Set([
  'seen_signatures',
  'signing_requests',
  'limit_movements',
  'limit_totals',
  'local_vaults',
  // Written on every decision, approval, rejection or followed request; the cached reads (resources, networks,
  // assets, the grant check) read none of them.
  'decision_log',
  'shadow_divergences',
  'signing_follow_ups',
  'request_rejections',
  'passkey_challenges',
  'passkey_counters',
  'passkey_sessions',
])

/** Drizzle's own forms: `insert into "t"`, `update "t"`, `delete from "t"`. */
const writeTarget = /^\s*(?:insert\s+into|update|delete\s+from)\s+"([a-z_][a-z0-9_]*)"[\s(]/i
const plainRead = /^\s*select\b/i
/** Functions with effects a SELECT can call; a statement that names one counts as a write. */
const effects = /\b(?:nextval|setval|pg_notify|into|lo_\w+|pg_advisory\w*|set_config)\b/i
const transactionControl = /^\s*(?:begin|commit|rollback|savepoint|release)\b/i

/** Whether a statement may change what a later read returns (any statement not known to be harmless may). */
export function mayChangeReads(statement: string): boolean {
  if (plainRead.test(statement)) return effects.test(statement)
  if (transactionControl.test(statement)) return false
  const target = writeTarget.exec(statement)?.[1]
  return target === undefined || !tablesNoReadDependsOn.has(target)
}

/** Methods of PGlite that run SQL other than `query` and `transaction`: each bumps the generation once done. */
const otherStatementMethods = new Set([
  'exec',
  'sql',
  'execProtocol',
  'execProtocolRaw',
  'execProtocolStream',
  'runExclusive',
])

function settled<T>(promise: Promise<T>, after: () => void): Promise<T> {
  return promise.finally(after)
}

/**
 * The same transaction, counting whether a statement in it may change reads. Statements go through `query` or
 * `exec` (drizzle uses `query`); anything else a caller reaches for counts as a change.
 */
function trackedTransaction(tx: Transaction, onChange: () => void): Transaction {
  return new Proxy(tx, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver)
      if (typeof value !== 'function') return value
      if (property === 'query') {
        return (statement: string, ...rest: unknown[]) => {
          if (mayChangeReads(statement)) onChange()
          return (value as (...args: unknown[]) => unknown).call(target, statement, ...rest)
        }
      }
      if (property === 'rollback') return value.bind(target)
      return (...args: unknown[]) => {
        onChange()
        return (value as (...args: unknown[]) => unknown).apply(target, args)
      }
    },
  })
}

/**
 * The PGlite client with every statement watched: a statement that may change reads bumps `writes` once it has
 * finished (committed, when alone; a transaction's statements when the transaction has ended, committed or not),
 * before its caller goes on. A result kept under the generation noted before its read began is therefore dropped by
 * any write that completes after that moment, and a write that completed before it is in the result: no cached
 * result is served after the write that changed it has answered. Sound only because one process owns a PGlite
 * database and drizzle reaches it through this client alone.
 */
export function trackPgliteWrites(client: PGlite): { client: PGlite; writes: WriteGeneration } {
  const writes = new WriteGeneration()
  const bump = () => writes.bump()
  const tracked = new Proxy(client, {
    get(target, property) {
      // PGlite keeps its state in private fields: its methods must run on the instance itself.
      const value = Reflect.get(target, property, target)
      if (typeof value !== 'function') return value
      if (property === 'query') {
        return (statement: string, ...rest: unknown[]) => {
          const result = (value as (...args: unknown[]) => Promise<unknown>).call(target, statement, ...rest)
          return mayChangeReads(statement) ? settled(result, bump) : result
        }
      }
      if (property === 'transaction') {
        return (callback: (tx: Transaction) => Promise<unknown>) => {
          let changed = false
          const result = target.transaction((tx) => callback(trackedTransaction(tx, () => (changed = true))))
          return settled(result, () => {
            if (changed) bump()
          })
        }
      }
      if (typeof property === 'string' && otherStatementMethods.has(property)) {
        return (...args: unknown[]) =>
          settled(Promise.resolve((value as (...args: unknown[]) => unknown).apply(target, args)), bump)
      }
      return value.bind(target)
    },
  })
  return { client: tracked, writes }
}
