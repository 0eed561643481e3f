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

  it('merges a __proto__ member as a plain member, never as the prototype of the merged objects', () => {
    // JSON.parse keeps `__proto__` as a member; set by assignment it would become the prototype instead, and
    // what it holds would be read as the descriptor's own content.
    const including = JSON.parse(`{
      "includes": "common.json",
      "__proto__": { "context": { "contract": {} } },
      "metadata": { "__proto__": { "token": { "ticker": "USDC", "decimals": 6 } } },
      "display": {
        "__proto__": { "definitions": {} },
        "formats": {
          "__proto__": { "intent": "hidden" },
          "f(uint256 v)": { "__proto__": { "required": ["v"] } }
        }
      }
    }`)
    const issues: DescriptorLoadIssue[] = []
    const merged = withIncludes('registry/x/calldata-x.json', including, resolve, issues) as Record<
      string,
      Record<string, Record<string, unknown>>
    >
    expect(issues).toEqual([])
    const objects = [
      merged,
      merged.metadata,
      merged.display,
      merged.display!.formats,
      (merged.display!.formats as Record<string, unknown>)['f(uint256 v)'],
    ]
    for (const object of objects) expect(Object.getPrototypeOf(object)).toBe(Object.prototype)
    expect(Object.hasOwn(merged, '__proto__')).toBe(true)
    expect(merged.context).toBeUndefined()
    expect(merged.metadata!.token).toBeUndefined()
    expect(merged.display!.definitions).toBeUndefined()
  })
})
