import { lowercaseHexDigits } from '../hexDigits'
import * as aave from './aaveV3Pool'
import * as account from './accountExecute'
import type { BuiltinFunction } from './defineFunction'
import * as entryPoint from './entryPoint'
import * as erc20 from './erc20'
import * as multicall3 from './multicall3'
import * as nft from './nft'
import * as permit2 from './permit2'
import * as safe from './safe'
import * as universalRouter from './universalRouter'
import * as weth from './weth'

/**
 * Every built-in function by selector: O(1) dispatch. A selector maps to several functions only where
 * ERC-20 and ERC-721 genuinely share it (transferFrom, approve); pickStandard chooses between them.
 */
export const builtinFunctions: ReadonlyMap<string, readonly BuiltinFunction[]> = index([
  erc20.erc20Transfer,
  erc20.erc20TransferFrom,
  erc20.erc20Approve,
  erc20.erc20IncreaseAllowance,
  erc20.erc20DecreaseAllowance,
  erc20.erc2612PermitCall,
  erc20.daiPermitCall,
  nft.erc721TransferFrom,
  nft.erc721SafeTransferFrom,
  nft.erc721SafeTransferFromWithData,
  nft.erc721Approve,
  nft.setApprovalForAll,
  nft.erc1155SafeTransferFrom,
  nft.erc1155SafeBatchTransferFrom,
  weth.wethDeposit,
  weth.wethWithdraw,
  permit2.permit2ApproveCall,
  permit2.permit2PermitSingleCall,
  permit2.permit2PermitBatchCall,
  permit2.permit2TransferFromCall,
  permit2.permit2BatchTransferFromCall,
  permit2.permit2PermitTransferFromCall,
  safe.safeExecTransaction,
  safe.multiSend,
  multicall3.multicall3Aggregate,
  multicall3.multicall3TryAggregate,
  multicall3.multicall3Aggregate3,
  multicall3.multicall3Aggregate3Value,
  account.accountExecute,
  account.accountExecuteBatch,
  account.accountExecuteBatchWithValues,
  account.accountExecuteBatchTuples,
  account.biconomyExecuteCall,
  account.biconomyExecuteBatchCall,
  account.erc7579Execute,
  entryPoint.handleOpsV06,
  entryPoint.handleOpsV07,
  universalRouter.universalRouterExecute,
  universalRouter.universalRouterExecuteWithDeadline,
  aave.aaveSupply,
  aave.aaveDeposit,
  aave.aaveWithdraw,
])

/** The same map keyed by the selector's 32-bit value, read from the calldata without slicing it. */
const bySelectorValue = new Map<number, readonly BuiltinFunction[]>(
  [...builtinFunctions].map(([selector, list]) => [Number.parseInt(selector.slice(2), 16), list]),
)

/**
 * The built-in functions of the calldata's selector (its first 4 bytes), if any. The selector is read digit by
 * digit as a number: a lookup by a fresh 10-character string would first hash it, on every call.
 */
export function builtinCandidates(data: string): readonly BuiltinFunction[] | undefined {
  let value = 0
  for (let i = 2; i < 10; i++) {
    const digit = lowercaseHexDigits[data.charCodeAt(i)] ?? -1
    // Not lowercase hex (calldata breaking the Call contract): looked up as text, as it always was.
    if (digit < 0) return builtinFunctions.get(data.slice(0, 10))
    value = value * 16 + digit
  }
  return bySelectorValue.get(value)
}

function index(functions: readonly BuiltinFunction[]): Map<string, BuiltinFunction[]> {
  const map = new Map<string, BuiltinFunction[]>()
  for (const fn of functions) {
    const list = map.get(fn.selector) ?? []
    if (list.length > 0 && (!fn.standard || list.some((other) => !other.standard))) {
      throw new Error(
        `Built-in selector ${fn.selector} is defined twice without a standard to tell them apart`,
      )
    }
    list.push(fn)
    map.set(fn.selector, list)
  }
  return map
}
