import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor } from './cursor'

describe('cursor', () => {
  it('round-trips a position and stays opaque', () => {
    const position = { orderBy: 'createdAt', desc: true, value: '2025-01-01T00:00:00.000Z', id: 'w-1' }
    const cursor = encodeCursor(position)
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeCursor(cursor)).toEqual(position)
  })

  it.each([
    'not base64 json',
    Buffer.from('{"a":1}').toString('base64url'),
    Buffer.from('["createdAt",2,"x","id"]').toString('base64url'),
    Buffer.from('["createdAt",0,{},"id"]').toString('base64url'),
    Buffer.from('["createdAt",0,"x"]').toString('base64url'),
  ])('refuses %s with a 400 INVALID_CURSOR', (cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(
      expect.objectContaining({ httpStatus: 400, code: 'INVALID_CURSOR' }),
    )
  })
})
