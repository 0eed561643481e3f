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
 * The intent as the candidates read it: every field, except the optional fields no candidate criterion reads
 * (`needed` lists, per candidate bucket, the optional fields its criteria read).
 */
export function intentForCandidates<T extends object>(intent: T, needed: readonly (readonly string[])[]): T {
  const out: Record<string, unknown> = {}
  for (const key in intent) {
    if (key in OPTIONAL_INTENT_FIELDS && !neededBy(needed, key)) continue
    out[key] = intent[key]
  }
  return out as T
}

function neededBy(needed: readonly (readonly string[])[], field: string): boolean {
  for (const fields of needed) if (fields.includes(field)) return true
  return false
}
