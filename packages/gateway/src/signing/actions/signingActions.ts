import type { SigningAction } from '../pipeline/signingAction'
import { sendTransactionAction } from './sendTransactionAction'
import { signMessageAction } from './signMessageAction'
import { signRawAction } from './signRawAction'
import { signTypedDataAction } from './signTypedDataAction'
import { stakeAction } from './stakeAction'
import { transferAction } from './transferAction'
import { unstakeAction } from './unstakeAction'

/** Every signing action by its record kind: what the approvals page resumes a request with. */
export const signingActionsByKind: ReadonlyMap<string, SigningAction<{ idempotenceId: string }>> = new Map(
  [
    sendTransactionAction,
    signMessageAction,
    signTypedDataAction,
    signRawAction,
    transferAction,
    stakeAction,
    unstakeAction,
  ].map((action) => [action.kind, action as unknown as SigningAction<{ idempotenceId: string }>]),
)
