import packageJson from '../package.json'
import type { LocatedIssue } from './locatedIssue'

/**
 * A SARIF 2.1.0 log (OASIS), the format GitHub code scanning uploads: one run of `rampart`, a rule per issue code,
 * each result at its file, line and column, with the JSON Pointer as its logical location.
 */
export function formatSarif(issues: readonly LocatedIssue[]): string {
  const rules = [...new Set(issues.map((issue) => issue.code))].sort().map((id) => ({ id, name: id }))
  const results = issues.map((issue) => ({
    ruleId: issue.code,
    level: issue.severity,
    message: { text: issue.path ? `${issue.message} (at ${issue.path})` : issue.message },
    locations: [
      {
        // SARIF locations are URI references: forward slashes, whatever the platform wrote.
        physicalLocation: {
          artifactLocation: { uri: issue.file.replaceAll('\\', '/') },
          region: { startLine: issue.line, startColumn: issue.column },
        },
        ...(issue.path ? { logicalLocations: [{ fullyQualifiedName: issue.path, kind: 'element' }] } : {}),
      },
    ],
  }))
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{ tool: { driver: { name: 'rampart', version: packageJson.version, rules } }, results }],
  }
  return `${JSON.stringify(log, null, 2)}\n`
}
