import type * as Momoa from '@humanwhocodes/momoa'
import { describe, expect, it, vi } from 'vitest'

vi.mock('@humanwhocodes/momoa', async (importOriginal) => {
  const original = await importOriginal<typeof Momoa>()
  return { ...original, parse: vi.fn(original.parse) }
})
// The files of a worker share their modules (isolate: false): the modules that import the mocked one are loaded
// again, after the mock, so that they see it.
vi.resetModules()
const momoa = await import('@humanwhocodes/momoa')
const { parseEntitiesJson } = await import('./parseEntitiesJson')
const { errorOf } = await import('./testFixtures')

const syntaxErrorOf = (text: string) => errorOf(() => parseEntitiesJson(text))

describe('parseEntitiesJson on a large text with a syntax error', () => {
  it('locates the error without a syntax tree of the text, which would take thirty times its size', () => {
    const padding = 9 * 1024 * 1024
    const error = syntaxErrorOf(`${' '.repeat(padding)}\n{"users": [],}`)
    expect(error).toMatchObject({ code: 'json.syntax', details: { line: 2, column: 14 } })
    const trailing = syntaxErrorOf(`${' '.repeat(padding)}\n{"users": []} x`)
    expect(trailing.details).toEqual({ line: 2, column: 15 })
    expect(trailing.message).toBe('invalid JSON: Unexpected non-whitespace character')
    expect(momoa.parse).not.toHaveBeenCalled()
    // A small text still gets momoa's message, the same on every Node version.
    expect(syntaxErrorOf('\n{"users": [],}').message).toBe('invalid JSON: Unexpected token RBrace found.')
    expect(momoa.parse).toHaveBeenCalledTimes(1)
  })
})
