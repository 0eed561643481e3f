/**
 * Intent fields that only some criteria read, with the criteria that read them. A request's intent goes into the
 * policy library with each of these fields only when a candidate criterion reads it: the input is serialized and
 * parsed on every call, and these fields are a third of a decoded transfer. The policy library's sources are
 * checked against this table (intentFields.test.ts), so a criterion that starts reading one of these fields
 * cannot be missed.
 */
export const OPTIONAL_INTENT_FIELDS: Readonly<Record<string, readonly string[]>> = {
  // context.source_address: the sender, for the source criteria and checkRecipientIsSender.
  from: [
    'checkSourceId',
    'checkSourceAddress',
    'checkSourceAccountType',
    'checkSourceClassification',
    'checkRecipientIsSender',
  ],
  // context.destination_address: the receiver of a native transfer, for the destination criteria.
  to: [
    'checkDestinationId',
    'checkDestinationAddress',
    'checkDestinationAccountType',
    'checkDestinationClassification',
    'checkRecipientIsSender',
  ],
  contract: ['checkIntentContract'],
  hexSignature: ['checkIntentHexSignature'],
  // The decoder's warnings, absent from most intents.
  flags: ['checkIntentFlags'],
  functionName: [],
}

/** The optional intent fields a criterion reads. */
export function optionalFieldsOf(kind: string): string[] {
  const fields: string[] = []
  for (const field in OPTIONAL_INTENT_FIELDS)
    if (OPTIONAL_INTENT_FIELDS[field]?.includes(kind)) fields.push(field)
  return fields
}

/**
 * Whether the library can read a field of this intent at all, whatever the criteria: `to` only as the receiver
 * of a native transfer without a recipient (context.destination_address), `value` only as the amount moved by an
 * intent without a token amount (criteria/intent.rego, amount_of and amount_condition). The input is parsed on
 * every call at about a tenth of a microsecond per field, so fields that cannot be read stay out.
 */
function readable(intent: Record<string, unknown>, key: string): boolean {
  if (key === 'to') return intent.type === 'nativeTransfer' && intent.recipient === undefined
  if (key === 'value') return intent.amount === undefined || intent.token === undefined
  return true
}

/**
 * The intent as the candidates read it: every field, except the optional fields no candidate criterion reads
 * (`needed` lists, per candidate bucket, the optional fields its criteria read) and the fields the library cannot
 * read in this intent.
 */
export function intentForCandidates<T extends object>(intent: T, needed: readonly (readonly string[])[]): T {
  const out: Record<string, unknown> = {}
  const fields = intent as Record<string, unknown>
  for (const key in fields) {
    if (key in OPTIONAL_INTENT_FIELDS && !neededBy(needed, key)) continue
    if (!readable(fields, key)) continue
    out[key] = fields[key]
  }
  return out as T
}

function neededBy(needed: readonly (readonly string[])[], field: string): boolean {
  for (const fields of needed) if (fields.includes(field)) return true
  return false
}
