import { describe, expect, it } from 'vitest'
import { formatIssues } from './formatIssues'
import type { LocatedIssue } from './locatedIssue'

const issue: LocatedIssue = {
  file: 'org, v2: main.json',
  path: '/users/0/role',
  line: 3,
  column: 14,
  code: 'schema.enum',
  severity: 'warning',
  message: '100% wrong\nsecond line',
}

describe('formatIssues', () => {
  it('prints text as file:line:col  severity  code  message (at pointer)', () => {
    expect(formatIssues([issue], 'text')).toBe(
      'org, v2: main.json:3:14  warning  schema.enum  100% wrong\nsecond line (at /users/0/role)\n',
    )
    expect(formatIssues([{ ...issue, path: '' }], 'text')).toBe(
      'org, v2: main.json:3:14  warning  schema.enum  100% wrong\nsecond line\n',
    )
    expect(formatIssues([], 'text')).toBe('')
  })

  it('prints a JSON array with exactly the documented members', () => {
    expect(JSON.parse(formatIssues([{ ...issue, extra: 1 } as LocatedIssue], 'json'))).toEqual([
      {
        file: issue.file,
        path: issue.path,
        line: 3,
        column: 14,
        code: 'schema.enum',
        severity: 'warning',
        message: issue.message,
      },
    ])
    expect(formatIssues([], 'json')).toBe('[]\n')
  })

  it('escapes GitHub annotation properties and data', () => {
    expect(formatIssues([issue], 'github')).toBe(
      '::warning file=org%2C v2%3A main.json,line=3,col=14,title=schema.enum::100%25 wrong%0Asecond line (/users/0/role)\n',
    )
  })

  it('writes a SARIF 2.1.0 log: a rule per code, each result at its file, line, column and pointer', () => {
    const error: LocatedIssue = {
      ...issue,
      file: 'keys\\a.json',
      severity: 'error',
      code: 'jwk.alg-mismatch',
      path: '',
    }
    const log = JSON.parse(formatIssues([issue, error], 'sarif'))
    expect(log.version).toBe('2.1.0')
    const [run] = log.runs
    expect(run.tool.driver.name).toBe('rampart')
    expect(run.tool.driver.rules.map((rule: { id: string }) => rule.id)).toEqual([
      'jwk.alg-mismatch',
      'schema.enum',
    ])
    expect(run.results[0]).toEqual({
      ruleId: 'schema.enum',
      level: 'warning',
      message: { text: '100% wrong\nsecond line (at /users/0/role)' },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'org, v2: main.json' },
            region: { startLine: 3, startColumn: 14 },
          },
          logicalLocations: [{ fullyQualifiedName: '/users/0/role', kind: 'element' }],
        },
      ],
    })
    expect(run.results[1].locations[0].physicalLocation.artifactLocation.uri).toBe('keys/a.json')
    expect(run.results[1].locations[0]).not.toHaveProperty('logicalLocations')
    expect(JSON.parse(formatIssues([], 'sarif')).runs[0].results).toEqual([])
  })
})
