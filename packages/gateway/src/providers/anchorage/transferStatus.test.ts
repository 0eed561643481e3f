import { describe, expect, it } from 'vitest'
import { mapAnchorageTransferStatus } from './transferStatus'

describe('Anchorage transfer statuses', () => {
  it.each([
    ['QUEUED', null, 'submitted'],
    ['IN_PROGRESS', null, 'signing'],
    ['IN_PROGRESS', 'ab'.repeat(32), 'broadcasting'],
    ['COMPLETED', 'ab'.repeat(32), 'completed'],
    ['FAILED', null, 'failed'],
    // Unknown (a status Anchorage adds, or another case) is never final.
    ['SOMETHING_NEW', null, 'submitted'],
    ['completed', null, 'submitted'],
    ['__proto__', null, 'submitted'],
  ])('%s (blockchainTxId %s) is %s', (status, blockchainTxId, expected) => {
    expect(mapAnchorageTransferStatus({ status, blockchainTxId })).toBe(expected)
  })
})
