import { describe, expect, it } from 'vitest'
import type { DescriptorLoadIssue } from './types'
import { joinSource, withIncludes } from './withIncludes'

const files: Record<string, unknown> = {
  'ercs/base.json': { metadata: { owner: 'Base', constants: { a: 1 } }, display: { formats: {} } },
  'registry/x/common.json': {
    includes: '../../ercs/base.json',
    metadata: { constants: { b: 2 } },
    display: {
      formats: { 'f(uint256 v)': { intent: 'F', fields: [{ path: 'v', label: 'V', format: 'raw' }] } },
    },
  },
  'registry/x/loop-a.json': { includes: 'loop-b.json' },
  'registry/x/loop-b.json': { includes: 'loop-a.json' },
}
const resolve = (including: string, reference: string) => files[joinSource(including, reference)]

describe('withIncludes', () => {
  it('merges a chain of includes, each relative to the file naming it, the including file winning', () => {
    const issues: DescriptorLoadIssue[] = []
    const merged = withIncludes(
      'registry/x/calldata-x.json',
      {
        includes: 'common.json',
        metadata: { owner: 'X' },
        display: { formats: { 'f(uint256 v)': { fields: [{ path: 'v', format: 'date' }] } } },
      },
      resolve,
      issues,
    )
    expect(issues).toEqual([])
    expect(merged).toEqual({
      metadata: { owner: 'X', constants: { a: 1, b: 2 } },
      display: {
        formats: { 'f(uint256 v)': { intent: 'F', fields: [{ path: 'v', label: 'V', format: 'date' }] } },
      },
    })
  })

  it('reports cycles and missing includes instead of looping or throwing', () => {
    const issues: DescriptorLoadIssue[] = []
    expect(
      withIncludes('registry/x/loop-a.json', files['registry/x/loop-a.json'], resolve, issues),
    ).toBeUndefined()
    expect(withIncludes('registry/x/y.json', { includes: 'nope.json' }, resolve, issues)).toBeUndefined()
    expect(issues.map((issue) => issue.code)).toEqual([
      'ERC7730_INCLUDE_NOT_FOUND',
      'ERC7730_INCLUDE_NOT_FOUND',
    ])
  })
})
