import type { SigningRequestRow } from '../core/database/actionsSchema'

/** One field of an ERC-7730 display as the report keeps it: a label and a formatted value, or a nested call. */
export type FieldView = { label: string; value: string; address?: string; nested?: DisplayView }
/** A display: the intent sentence and its fields; batches carry the display of each inner call. */
export type DisplayView = { intent: string; fields: FieldView[]; calls: DisplayView[] }

/** Approval requirements as the decision reports them. */
export type RequirementView = {
  policyId: string
  entityType: string
  entityIds: string[]
  required: number
  approvedBy: string[]
  missing: number
}

/** What the approvals page shows of one request: what would be signed, the decision, and who did what when. */
export type RequestView = {
  kind: string
  requestId: string
  status: string
  principal: string
  createdAt: Date
  display: DisplayView | null
  decision: string
  decidingPolicy: string | null
  heldCriteria: string[]
  required: RequirementView[]
  missing: RequirementView[]
  approvals: { userId: string; credentialId: string; approvedAt: string }[]
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const text = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value)
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

/** A display of the record's report (its intent and nested intents), or null for a request with none. */
function displayOf(intent: unknown, depth = 0): DisplayView | null {
  if (!isObject(intent) || depth > 8) return null
  const display = isObject(intent.display) ? intent.display : {}
  const fields = list(display.fields)
    .filter(isObject)
    .map((field): FieldView => {
      const nested = isObject(field.value) ? displayOfDisplay(field.value, depth + 1) : undefined
      return {
        label: text(field.label),
        value: nested ? '' : text(field.value),
        ...(typeof field.address === 'string' ? { address: field.address } : {}),
        ...(nested ? { nested } : {}),
      }
    })
  return {
    intent: text(intent.description || intent.label),
    fields,
    calls: list(intent.intents)
      .map((inner) => displayOf(inner, depth + 1))
      .filter((inner): inner is DisplayView => inner !== null),
  }
}

/** A nested display (embedded calldata): a decoder Display, not an intent report. */
function displayOfDisplay(display: Record<string, unknown>, depth: number): DisplayView | undefined {
  return (
    displayOf({ description: display.interpolatedIntent || display.intent, display, intents: [] }, depth) ??
    undefined
  )
}

function requirement(state: unknown): RequirementView | null {
  if (!isObject(state)) return null
  return {
    policyId: text(state.policyId),
    entityType: text(state.approvalEntityType),
    entityIds: list(state.entityIds).map(text),
    required: typeof state.approvalCount === 'number' ? state.approvalCount : 0,
    approvedBy: list(state.approvedBy).map(text),
    missing: typeof state.missing === 'number' ? state.missing : 0,
  }
}

/** A criterion as the policy states it, in one line: its name and arguments. */
function criterionText(criterion: unknown): string {
  if (!isObject(criterion)) return text(criterion)
  const { criterion: name, args } = criterion
  return args === undefined ? text(name) : `${text(name)} ${JSON.stringify(args)}`
}

/**
 * The criteria that held: those the decision lists (a forbid), else those of the deciding permit but its approval
 * requirements (a request waiting for approvals matched every other criterion of it).
 */
function heldCriteriaOf(decision: Record<string, unknown>, policies: readonly unknown[]): string[] {
  if (Array.isArray(decision.heldCriteria)) return decision.heldCriteria.map(criterionText)
  const policy = policies.find((candidate) => isObject(candidate) && candidate.id === decision.decidingPolicy)
  if (!isObject(policy)) return []
  return list(policy.when)
    .filter((criterion) => !isObject(criterion) || criterion.criterion !== 'checkApprovals')
    .map(criterionText)
}

/**
 * Reads a signing request record into what the page shows, with the client's policies for the criteria of the
 * deciding one; anything missing from the record shows as absent.
 */
export function requestView(row: SigningRequestRow, policies: readonly unknown[] = []): RequestView {
  const evaluation = isObject(row.evaluation) ? row.evaluation : {}
  const report = isObject(evaluation.report) ? evaluation.report : {}
  const decision = isObject(evaluation.decision) ? evaluation.decision : {}
  const approvals = isObject(decision.approvals) ? decision.approvals : {}
  const requirements = (value: unknown) =>
    list(value)
      .map(requirement)
      .filter((item): item is RequirementView => item !== null)
  return {
    kind: row.kind,
    requestId: row.requestId,
    status: row.status,
    principal: row.principal,
    createdAt: row.createdAt,
    display: displayOf(report.intent),
    decision: text(decision.decision),
    decidingPolicy: typeof decision.decidingPolicy === 'string' ? decision.decidingPolicy : null,
    heldCriteria: heldCriteriaOf(decision, policies),
    required: requirements(approvals.required),
    missing: requirements(approvals.missing),
    approvals: list(row.approvals)
      .filter(isObject)
      .map((approval) => ({
        userId: text(approval.userId),
        credentialId: text(approval.credentialId),
        approvedAt: text(approval.approvedAt),
      })),
  }
}
