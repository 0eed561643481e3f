import { EntitiesJsonError } from '@rampart/entities'
import { describe, expect, it } from 'vitest'
import { invalidUtf8 } from '../test/invalidUtf8'
import { jsonFileText } from './jsonFileText'

describe('jsonFileText', () => {
  it('decodes UTF-8 and drops a leading byte-order mark', () => {
    expect(jsonFileText(Buffer.from('\ufeff{"id": "caf\u00e9"}'))).toBe('{"id": "caf\u00e9"}')
  })

  it('throws json.invalid-utf8 rather than replacing c3 28 ff fe with U+FFFD', () => {
    const bytes = Buffer.concat([Buffer.from('{"id": "a'), Buffer.from(invalidUtf8), Buffer.from('"}')])
    expect(() => jsonFileText(bytes)).toThrow(EntitiesJsonError)
    expect(() => jsonFileText(bytes)).toThrow(expect.objectContaining({ code: 'json.invalid-utf8' }))
  })
})
