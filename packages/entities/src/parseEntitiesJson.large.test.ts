import * as momoa from '@humanwhocodes/momoa'
import { describe, expect, it, vi } from 'vitest'
import { parseEntitiesJson } from './parseEntitiesJson'
import { errorOf } from './testFixtures'

vi.mock('@humanwhocodes/momoa', async (importOriginal) => {
  const original = await importOriginal<typeof momoa>()
  return { ...original, parse: vi.fn(original.parse) }
})

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
