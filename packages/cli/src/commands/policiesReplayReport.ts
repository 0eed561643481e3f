import type { FlipExample, ReplayReport } from '@rampart/evaluator'

export type ReplayFormat = 'text' | 'json'

const time = (now: number | undefined) => (now === undefined ? '' : new Date(now * 1000).toISOString())

function exampleLine(example: FlipExample): string {
  const live = example.live.reason?.code ?? example.live.decision
  const { code, message } = example.candidate.reason
  return `    ${example.id}  ${example.principal}  ${time(example.now)}  ${live} → ${code}: ${message}\n`
}

/** The report for a terminal: totals, counts per kind of flip, then each group with its examples. */
function text(report: ReplayReport, source: { log: string; policies: string; skipped: number }): string {
  const lines: string[] = []
  lines.push(
    `Replayed ${report.requests} decisions of ${source.log} under ${source.policies}: ${report.unchanged} unchanged, ` +
      `${report.flipped} flipped (${report.widened} widened, ${report.narrowed} narrowed).\n`,
  )
  if (source.skipped > 0)
    lines.push(`${source.skipped} entries of other kinds (approvals, changes) left aside.\n`)
  if (report.historyRebuilt > 0)
    lines.push(`${report.historyRebuilt} decided on the history rebuilt from the log before them.\n`)
  for (const [transition, count] of Object.entries(report.transitions))
    lines.push(`  ${transition}  ${count}\n`)
  for (const group of report.groups) {
    const live = group.livePolicy ?? '(no policy)'
    const candidate = group.candidatePolicy ?? '(no policy)'
    lines.push(
      `\n${group.from} → ${group.to}  ${group.count}  live ${live} → candidate ${candidate} (${group.reason})\n`,
    )
    for (const example of group.examples) lines.push(exampleLine(example))
  }
  return lines.join('')
}

/** Renders the replay report for stdout. */
export function formatReplayReport(
  report: ReplayReport,
  format: ReplayFormat,
  source: { log: string; policies: string; skipped: number },
): string {
  if (format === 'json') return `${JSON.stringify({ ...report, skipped: source.skipped }, null, 2)}\n`
  return text(report, source)
}
