import { dirname, resolve } from 'node:path'
import type { Decision, Evaluator, HistoryTransfer, PriceTable } from '@rampart/evaluator'
import { decideRequest } from '../commands/decideRequest'
import type { Case, Expectation } from '../generated/policyTest'
import { readJsonInput } from '../readJsonInput'

/** What a case expected and got, when they differ; empty when the case passed. */
export type CaseMismatches = string[]

const missingApprovals = (decision: Decision) =>
  decision.approvals.missing.reduce((sum, requirement) => sum + requirement.missing, 0)

/** Each way the decision differs from the expectation, in words. */
export function compareDecision(expect: Expectation, decision: Decision): CaseMismatches {
  const mismatches: string[] = []
  const got = `${decision.decision} (${decision.reason.code}: ${decision.reason.message})`
  if (decision.decision !== expect.decision) mismatches.push(`expected ${expect.decision}, got ${got}`)
  if (expect.reason !== undefined && decision.reason.code !== expect.reason)
    mismatches.push(`expected reason ${expect.reason}, got ${decision.reason.code}`)
  if (expect.decidingPolicy !== undefined && decision.decidingPolicy !== expect.decidingPolicy)
    mismatches.push(
      `expected deciding policy ${expect.decidingPolicy}, got ${decision.decidingPolicy ?? 'none'}`,
    )
  if (expect.missingApprovals !== undefined && missingApprovals(decision) !== expect.missingApprovals)
    mismatches.push(
      `expected ${expect.missingApprovals} missing approval(s), got ${missingApprovals(decision)}`,
    )
  if (
    expect.approvalAlternative !== undefined &&
    decision.approvals.alternative !== expect.approvalAlternative
  )
    mismatches.push(
      `expected approval alternative ${expect.approvalAlternative}, got ${decision.approvals.alternative ?? 'none (the deciding policy offers no alternatives)'}`,
    )
  if (
    expect.expectedBehavior !== undefined &&
    decision.policyEvaluation?.expectedBehavior !== expect.expectedBehavior
  )
    mismatches.push(
      `expected expectedBehavior ${expect.expectedBehavior}, got ${decision.policyEvaluation?.expectedBehavior ?? 'none (no presets evaluated)'}`,
    )
  return mismatches
}

/**
 * Runs one case: reads its request (inline, or a file relative to the test file, each file read once), decides it
 * with the evaluator as `rampart evaluate` does, and compares. A request that cannot be read or placed fails the
 * case with the reason.
 */
export async function runPolicyCase(
  evaluator: Evaluator,
  testFile: string,
  testCase: Case,
  requestFiles: Map<string, Promise<unknown>>,
): Promise<CaseMismatches> {
  let body: unknown = testCase.request
  if (typeof testCase.request === 'string') {
    const path = resolve(dirname(testFile), testCase.request)
    let read = requestFiles.get(path)
    if (!read) {
      read = readJsonInput(path, 'request')
      // A failed read is kept too: every case naming the file fails with the same reason.
      read.catch(() => {})
      requestFiles.set(path, read)
    }
    try {
      body = await read
    } catch (error) {
      return [(error as Error).message]
    }
  }
  const outcome = decideRequest(evaluator, body, {
    principal: testCase.principal,
    resource: testCase.resource,
    approvals: testCase.approvals,
    history: testCase.history as HistoryTransfer[] | undefined,
    now: testCase.now,
    prices: testCase.prices as PriceTable | undefined,
    chainId: testCase.chainId,
    presets: testCase.presets,
  })
  if ('error' in outcome) {
    const at = outcome.error.startsWith('/') ? ' ' : ': '
    return [`${outcome.part === 'request' ? `request${at}` : ''}${outcome.error}`]
  }
  return compareDecision(testCase.expect, outcome.decision)
}
