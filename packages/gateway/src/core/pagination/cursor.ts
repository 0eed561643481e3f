import { GatewayError } from '../errors/gatewayError'

/** Where a page ended: the order it was read in, and the last row's order value and id. */
export type CursorPosition = {
  orderBy: string
  desc: boolean
  /** The order column's value of the last row: a string, a number, or an ISO date. */
  value: string | number
  id: string
}

/** Opaque to clients: base64url JSON, checked on the way back in. */
export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(
    JSON.stringify([position.orderBy, position.desc ? 1 : 0, position.value, position.id]),
    'utf8',
  ).toString('base64url')
}

export function decodeCursor(cursor: string): CursorPosition {
  let decoded: unknown
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw new GatewayError('INVALID_CURSOR', 'The cursor is not one this gateway issued')
  }
  if (
    !Array.isArray(decoded) ||
    decoded.length !== 4 ||
    typeof decoded[0] !== 'string' ||
    (decoded[1] !== 0 && decoded[1] !== 1) ||
    (typeof decoded[2] !== 'string' && typeof decoded[2] !== 'number') ||
    typeof decoded[3] !== 'string'
  ) {
    throw new GatewayError('INVALID_CURSOR', 'The cursor is not one this gateway issued')
  }
  return { orderBy: decoded[0], desc: decoded[1] === 1, value: decoded[2], id: decoded[3] }
}
