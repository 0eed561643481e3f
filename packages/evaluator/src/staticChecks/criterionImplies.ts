import { canonicalJson } from '../canonicalJson'

/** A criterion as a policy states it: its name and its arguments. */
export type StatedCriterion = { criterion: string; args?: unknown }

/**
 * Criteria that hold when the request's value is one of the arguments: one that holds with fewer arguments holds
 * with more. (checkPermission and checkIntentFlags are left out: they do not read as "one of" in every effect.)
 */
const oneOf = new Set([
  'checkAction',
  'checkResource',
  'checkPrincipalId',
  'checkPrincipalRole',
  'checkPrincipalGroup',
  'checkAccountId',
  'checkAccountAddress',
  'checkAccountType',
  'checkAccountChainId',
  'checkAccountGroup',
  'checkSourceId',
  'checkSourceAddress',
  'checkSourceAccountType',
  'checkSourceClassification',
  'checkDestinationId',
  'checkDestinationAddress',
  'checkDestinationAccountType',
  'checkDestinationClassification',
  'checkIntentType',
  'checkIntentChainId',
  'checkIntentContract',
  'checkIntentToken',
  'checkIntentSpender',
  'checkIntentHexSignature',
  'checkERC721TokenId',
  'checkERC1155TokenId',
  'checkIntentAlgorithm',
  'checkEntryPointAddress',
  'checkEntryPointId',
  'checkEntryPointAccountType',
  'checkEntryPointClassification',
])

/** Criteria comparing one number of the request with a value (amount conditions without a currency, integers). */
const comparisons = new Set(['checkIntentAmount', 'checkGasFeeAmount', 'checkPermitDeadline'])

/** Addresses compare case-insensitively (checksummed or not); other values exactly. */
const member = (value: unknown) =>
  typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value) ? value.toLowerCase() : canonicalJson(value)

/** A decimal string as an integer scaled by 10^36, so that base units and token units compare exactly. */
function scaled(value: string): bigint | undefined {
  const match = /^(\d+)(?:\.(\d{1,36}))?$/.exec(value)
  if (!match) return undefined
  return BigInt(match[1]!) * 10n ** 36n + BigInt((match[2] ?? '').padEnd(36, '0'))
}

type Comparison = { operator: string; value: bigint; unit: string }

function comparisonOf(args: unknown): Comparison | undefined {
  if (typeof args !== 'object' || args === null) return undefined
  const { operator, value, unit, currency } = args as Record<string, unknown>
  // A value in a currency depends on prices: left alone.
  if (currency !== undefined || typeof operator !== 'string' || typeof value !== 'string') return undefined
  const number = scaled(value)
  return number === undefined
    ? undefined
    : { operator, value: number, unit: typeof unit === 'string' ? unit : 'base' }
}

/** Whether every number that satisfies `b` satisfies `a` (x op value). */
function comparisonImplies(b: Comparison, a: Comparison): boolean {
  if (a.unit !== b.unit) return false
  const low = (c: Comparison) => c.operator === 'gt' || c.operator === 'gte' || c.operator === 'eq'
  const high = (c: Comparison) => c.operator === 'lt' || c.operator === 'lte' || c.operator === 'eq'
  if (a.operator === 'eq') return b.operator === 'eq' && b.value === a.value
  if (a.operator === 'ne')
    return (b.operator === 'ne' && b.value === a.value) || (b.operator === 'eq' && b.value !== a.value)
  if (a.operator === 'gt' || a.operator === 'gte') {
    if (!low(b)) return false
    // b's smallest number: value (gte, eq), just above value (gt).
    return a.operator === 'gt'
      ? b.value > a.value || (b.value === a.value && b.operator === 'gt')
      : b.value >= a.value
  }
  if (!high(b)) return false
  return a.operator === 'lt'
    ? b.value < a.value || (b.value === a.value && b.operator === 'lt')
    : b.value <= a.value
}

/**
 * Whether criterion `b` holding means criterion `a` holds, for every request: the same criterion with the same
 * arguments; a "one of" criterion whose values are among a's; a comparison that is narrower. False when unsure:
 * the checks built on it then say nothing rather than something wrong.
 */
export function criterionImplies(b: StatedCriterion, a: StatedCriterion): boolean {
  if (a.criterion !== b.criterion) return false
  if (canonicalJson(a.args) === canonicalJson(b.args)) return true
  if (oneOf.has(a.criterion) && Array.isArray(a.args) && Array.isArray(b.args)) {
    const allowed = new Set(a.args.map(member))
    return b.args.every((value) => allowed.has(member(value)))
  }
  if (comparisons.has(a.criterion)) {
    const [ca, cb] = [comparisonOf(a.args), comparisonOf(b.args)]
    return ca !== undefined && cb !== undefined && comparisonImplies(cb, ca)
  }
  return false
}
