import type { CustodianStatus } from '../types'
import type { AnchorageTransfer } from './anchorageModels'

/**
 * Anchorage's transfer statuses (doc.anchorage.com, "Crypto transfers") in the gateway's words; the status
 * Anchorage gave is always kept beside it, verbatim, as `externalStatus`:
 * - `QUEUED` (behind another transfer of the asset; where external transfers start): `submitted`;
 * - `IN_PROGRESS` (active, not final): `signing` until Anchorage reports a blockchain transaction id, then
 *   `broadcasting`;
 * - `COMPLETED` (confirmed on chain): `completed`;
 * - `FAILED` (funds not moved; also where a canceled transfer ends): `failed`.
 */
export const anchorageTransferStatuses = {
  QUEUED: 'submitted',
  IN_PROGRESS: 'signing',
  COMPLETED: 'completed',
  FAILED: 'failed',
} as const satisfies Record<string, CustodianStatus>

/**
 * A status Anchorage adds later reads as `submitted`: never taken for success, nor for a failure that would release
 * the request's limits while funds may still move; the follower keeps asking until the status is final.
 */
export function mapAnchorageTransferStatus(
  transfer: Pick<AnchorageTransfer, 'status' | 'blockchainTxId'>,
): CustodianStatus {
  if (!Object.hasOwn(anchorageTransferStatuses, transfer.status)) return 'submitted'
  const status = anchorageTransferStatuses[transfer.status as keyof typeof anchorageTransferStatuses]
  return status === 'signing' && transfer.blockchainTxId !== null ? 'broadcasting' : status
}
