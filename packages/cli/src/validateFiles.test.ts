import { describe, expect, it } from 'vitest'
import { captureOutput } from '../test/captureOutput'
import { EXIT } from './exitCodes'
import type { LocatedIssue } from './locatedIssue'
import { validateFiles } from './validateFiles'

describe('validateFiles', () => {
  it('reports a file with more issues than a call can take as arguments', async () => {
    const { out, err } = captureOutput()
    const issue: LocatedIssue = {
      file: 'many.json',
      path: '/0/id',
      line: 1,
      column: 1,
      code: 'duplicate-policy-id',
      severity: 'error',
      message: 'policy id "x" is already used at /0/id',
    }
    const issues = Array.from({ length: 300_000 }, () => issue)
    const code = await validateFiles(['many.json'], { format: 'text' }, async () => ({
      issues,
      unreadable: false,
    }))
    expect(code).toBe(EXIT.invalid)
    expect(out.join('').split('\n')).toHaveLength(300_001)
    expect(err.join('')).toBe('1 file checked: 300000 errors, 0 warnings in 1 file\n')
  })
})
