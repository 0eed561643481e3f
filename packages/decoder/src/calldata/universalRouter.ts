import { type AbiParameter, decodeAbiParameters, hexToNumber, parseAbiParameters, size, sliceHex } from 'viem'
import { erc20Asset, nativeAsset, zeroAddress } from '../caip'
import type { DecodeContext } from '../context'
import {
  addressField,
  addressLabel,
  dateField,
  interactWith,
  nativeAmountField,
  nativeAmountText,
  nativeSymbol,
  rawField,
  tokenAmountField,
  tokenTicker,
} from '../display/fields'
import { decoderError } from '../errors/decodingError'
import { limits } from '../limits'
import { permit2Approval } from '../permit2/permit2Intents'
import { createResolution } from '../resolution/createResolution'
import type { Call, DecoderError, Display, DisplayField, Intent, IntentFields, Resolution } from '../types'
import { addFlag, checkBatchSize, firstNestedError } from './batch'
import { callIntent } from './callIntent'
import { defineFunction, type HandlerInput } from './defineFunction'

/** Universal Router amount meaning "the router's whole balance of the token". */
const contractBalance = 1n << 255n
const msgSenderSentinel = '0x0000000000000000000000000000000000000001'
const routerSentinel = '0x0000000000000000000000000000000000000002'
/** WETH9 per chain, for WRAP_ETH / UNWRAP_WETH. */
const weth: Record<number, string> = {
  1: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
  10: '0x4200000000000000000000000000000000000006',
  8453: '0x4200000000000000000000000000000000000006',
  42161: '0x82af49447d8a07e3bd95bd56b0f6f42c1f54e8a6',
}

interface Command {
  name: string
  params: readonly AbiParameter[]
}
const permitDetails = '(address token, uint160 amount, uint48 expiration, uint48 nonce)'
const commands = new Map<number, Command>(
  (
    [
      [
        0x00,
        'V3_SWAP_EXACT_IN',
        'address recipient, uint256 amountIn, uint256 amountOutMin, bytes path, bool payerIsUser',
      ],
      [
        0x01,
        'V3_SWAP_EXACT_OUT',
        'address recipient, uint256 amountOut, uint256 amountInMax, bytes path, bool payerIsUser',
      ],
      [0x02, 'PERMIT2_TRANSFER_FROM', 'address token, address recipient, uint160 amount'],
      [
        0x03,
        'PERMIT2_PERMIT_BATCH',
        `(${permitDetails}[] details, address spender, uint256 sigDeadline) permitBatch, bytes signature`,
      ],
      [0x04, 'SWEEP', 'address token, address recipient, uint256 amountMin'],
      [0x05, 'TRANSFER', 'address token, address recipient, uint256 value'],
      [0x06, 'PAY_PORTION', 'address token, address recipient, uint256 bips'],
      [
        0x08,
        'V2_SWAP_EXACT_IN',
        'address recipient, uint256 amountIn, uint256 amountOutMin, address[] path, bool payerIsUser',
      ],
      [
        0x09,
        'V2_SWAP_EXACT_OUT',
        'address recipient, uint256 amountOut, uint256 amountInMax, address[] path, bool payerIsUser',
      ],
      [
        0x0a,
        'PERMIT2_PERMIT',
        `(${permitDetails} details, address spender, uint256 sigDeadline) permitSingle, bytes signature`,
      ],
      [0x0b, 'WRAP_ETH', 'address recipient, uint256 amountMin'],
      [0x0c, 'UNWRAP_WETH', 'address recipient, uint256 amountMin'],
      [
        0x0d,
        'PERMIT2_TRANSFER_FROM_BATCH',
        '(address from, address to, uint160 amount, address token)[] batchDetails',
      ],
      [0x0e, 'BALANCE_CHECK_ERC20', 'address owner, address token, uint256 minBalance'],
      [0x21, 'EXECUTE_SUB_PLAN', 'bytes commands, bytes[] inputs'],
    ] as const
  ).map(([id, name, params]) => [id, { name, params: parseAbiParameters(params) }]),
)
/** Commands that exist but move assets in ways this decoder does not read (NFT markets, v4 pools). */
const opaqueCommands: Record<number, string> = {
  16: 'V4_SWAP or SEAPORT_V1_5',
  17: 'V3_POSITION_MANAGER_PERMIT or LOOKS_RARE_V2',
  18: 'V3_POSITION_MANAGER_CALL or NFTX',
  19: 'V4_INITIALIZE_POOL or CRYPTOPUNKS',
  20: 'V4_POSITION_MANAGER_CALL',
  32: 'SEAPORT_V1_4',
  34: 'APPROVE_ERC20',
}

/**
 * The swap commands whose input the router pulls from the sender through Permit2 (payerIsUser), as opposed to
 * those paid from the router's balance: what the sender pays is theirs, the others are paid for by earlier commands.
 */
const paidBySender = new WeakSet<IntentFields>()

interface PlanContext {
  ctx: DecodeContext
  call: Call & { to: `0x${string}` }
  depth: number
}

function resolveRecipient(plan: PlanContext, recipient: string): string {
  const r = recipient.toLowerCase()
  if (r === msgSenderSentinel && plan.call.from) return plan.call.from
  if (r === routerSentinel) return plan.call.to
  return r
}

function asset(chainId: number, token: string): string {
  return token.toLowerCase() === zeroAddress ? nativeAsset(chainId) : erc20Asset(chainId, token.toLowerCase())
}

function amountField(plan: PlanContext, label: string, token: string, amount: bigint): DisplayField {
  const { chainId } = plan.call
  if (amount === contractBalance)
    return rawField(
      label,
      `Entire router balance of ${token === zeroAddress ? nativeSymbol(chainId) : tokenTicker(plan.ctx, chainId, token)}`,
    )
  if (token.toLowerCase() === zeroAddress) return nativeAmountField(label, amount, chainId)
  return tokenAmountField(plan.ctx, chainId, label, token, amount)
}

function setAmount(intent: IntentFields, key: 'amount' | 'amountOut', amount: bigint): void {
  if (amount === contractBalance) addFlag(intent, 'routerBalance')
  else intent[key] = amount.toString()
}

function v3Path(path: `0x${string}`, where: string): [string, string] {
  const bytes = size(path)
  if (bytes < 43 || (bytes - 20) % 23 !== 0) {
    throw Object.assign(new Error(`V3 path of ${bytes} bytes is not token(20) (fee(3) token(20))+`), {
      name: 'AbiDecodingDataSizeTooSmallError',
      where,
    })
  }
  return [sliceHex(path, 0, 20).toLowerCase(), sliceHex(path, bytes - 20, bytes).toLowerCase()]
}

function commandDisplay(plan: PlanContext, title: string, text: string, fields: DisplayField[]): Display {
  return {
    intent: title,
    interpolatedIntent: text,
    interactWith: interactWith(plan.ctx, plan.call.chainId, plan.call.to, 'Universal Router', 'Uniswap'),
    fields,
    requiredFields: fields.map((f) => f.label),
  }
}

// biome-ignore lint/suspicious/noExplicitAny: decoded command inputs are typed by their ABI at runtime.
type CommandArgs = readonly any[]

function decodeCommand(
  plan: PlanContext,
  id: number,
  name: string,
  a: CommandArgs,
  path: string,
): Resolution {
  const { ctx, call } = plan
  const chainId = call.chainId
  const intent: IntentFields = {
    type: 'contractCall',
    chainId,
    to: call.to,
    contract: call.to,
    functionName: name,
  }
  if (call.from) intent.from = call.from
  let display: Display
  let nested: Resolution[] | null = null
  let error: DecoderError | null = null
  switch (id) {
    case 0x00:
    case 0x01:
    case 0x08:
    case 0x09: {
      const exactIn = id === 0x00 || id === 0x08
      const [first, last] =
        id <= 0x01
          ? v3Path(a[3], path)
          : [(a[3][0] as string).toLowerCase(), (a[3][a[3].length - 1] as string).toLowerCase()]
      // A V3 exact-output path is encoded from the output token back to the input token.
      const [tokenIn, tokenOut] = id === 0x01 ? [last, first] : [first, last]
      const recipient = resolveRecipient(plan, a[0])
      intent.type = 'swap'
      intent.swapKind = exactIn ? 'exactIn' : 'exactOut'
      intent.token = erc20Asset(chainId, tokenIn)
      intent.tokenOut = erc20Asset(chainId, tokenOut)
      setAmount(intent, 'amount', exactIn ? a[1] : a[2])
      setAmount(intent, 'amountOut', exactIn ? a[2] : a[1])
      intent.recipient = recipient
      if (a[4] === true) paidBySender.add(intent)
      const fields = [
        amountField(plan, exactIn ? 'Send' : 'Send at most', tokenIn, exactIn ? a[1] : a[2]),
        amountField(plan, exactIn ? 'Receive at least' : 'Receive', tokenOut, exactIn ? a[2] : a[1]),
        addressField(ctx, chainId, 'Recipient', recipient),
      ]
      display = commandDisplay(plan, 'Swap', `Swap ${fields[0]!.value} for ${fields[1]!.value}`, fields)
      break
    }
    case 0x02: {
      const recipient = resolveRecipient(plan, a[1])
      intent.type = 'permit2Transfer'
      intent.token = erc20Asset(chainId, a[0].toLowerCase())
      intent.amount = (a[2] as bigint).toString()
      intent.recipient = recipient
      if (call.from) intent.owner = call.from
      const fields = [amountField(plan, 'Amount', a[0], a[2]), addressField(ctx, chainId, 'To', recipient)]
      display = commandDisplay(plan, 'Transfer', `Pull ${fields[0]!.value} through Permit2`, fields)
      break
    }
    case 0x03:
    case 0x0a: {
      const permit = a[0] as { details: unknown; spender: string; sigDeadline: bigint }
      const raw = (id === 0x0a ? [permit.details] : permit.details) as {
        token: string
        amount: bigint
        expiration: number
        nonce: number
      }[]
      if (call.from) intent.owner = call.from
      const { fields, text } = permit2Approval(
        ctx,
        intent,
        raw.map((d) => ({
          token: d.token,
          amount: d.amount,
          expiration: BigInt(d.expiration),
          nonce: BigInt(d.nonce),
        })),
        permit.spender,
        permit.sigDeadline,
      )
      display = commandDisplay(plan, 'Approve', text, fields)
      break
    }
    case 0x04:
    case 0x05:
    case 0x06: {
      const token = (a[0] as string).toLowerCase()
      const recipient = resolveRecipient(plan, a[1])
      intent.type = token === zeroAddress ? 'nativeTransfer' : 'erc20Transfer'
      intent.from = call.to
      intent.token = asset(chainId, token)
      intent.recipient = recipient
      const fields: DisplayField[] = []
      if (id === 0x06) {
        fields.push(rawField('Portion', `${Number(a[2]) / 100}%`))
      } else {
        setAmount(intent, 'amount', a[2])
        fields.push(amountField(plan, id === 0x04 ? 'Minimum' : 'Amount', token, a[2]))
      }
      fields.push(addressField(ctx, chainId, 'Recipient', recipient))
      const what = id === 0x04 ? 'Sweep' : id === 0x05 ? 'Transfer' : 'Pay portion'
      display = commandDisplay(
        plan,
        what,
        `${what} ${fields[0]!.value} to ${addressLabel(ctx, chainId, recipient)}`,
        fields,
      )
      break
    }
    case 0x0b:
    case 0x0c: {
      const recipient = resolveRecipient(plan, a[0])
      const wrap = id === 0x0b
      intent.type = wrap ? 'wethDeposit' : 'wethWithdraw'
      if (weth[chainId]) intent.token = erc20Asset(chainId, weth[chainId])
      setAmount(intent, 'amount', a[1])
      intent.recipient = recipient
      const fields = [
        a[1] === contractBalance
          ? rawField('Amount', 'Entire router balance')
          : nativeAmountField(wrap ? 'Amount' : 'Minimum', a[1], chainId),
        addressField(ctx, chainId, 'Recipient', recipient),
      ]
      display = commandDisplay(
        plan,
        wrap ? 'Wrap' : 'Unwrap',
        `${wrap ? 'Wrap' : 'Unwrap'} ${fields[0]!.value.toString().replace(/^Entire router balance$/, 'the router balance')}`,
        fields,
      )
      break
    }
    case 0x0d: {
      const details = a[0] as { from: string; to: string; amount: bigint; token: string }[]
      intent.type = 'permit2Transfer'
      intent.transfers = details.map((d) => ({
        token: erc20Asset(chainId, d.token.toLowerCase()),
        amount: d.amount.toString(),
        from: d.from.toLowerCase(),
        to: resolveRecipient(plan, d.to),
      }))
      // One transfer is one token and amount, as a Permit2 batch signature transfer of one names them: the
      // criteria that judge each transfer judge a batch of several only.
      const [only] = intent.transfers
      if (intent.transfers.length === 1 && only) {
        intent.token = only.token
        intent.amount = only.amount
        if (only.to) intent.recipient = only.to
      }
      const fields = details.map((d, i) => amountField(plan, `Amount ${i + 1}`, d.token, d.amount))
      display = commandDisplay(
        plan,
        'Transfer',
        `Pull ${fields.map((f) => f.value).join(', ')} through Permit2`,
        fields,
      )
      break
    }
    case 0x0e: {
      const fields = [
        addressField(ctx, chainId, 'Owner', a[0]),
        amountField(plan, 'Minimum balance', a[1], a[2]),
      ]
      display = commandDisplay(
        plan,
        'Check balance',
        `Require ${addressLabel(ctx, chainId, a[0])} to hold at least ${fields[1]!.value}`,
        fields,
      )
      break
    }
    default: {
      // EXECUTE_SUB_PLAN
      nested = decodePlan(plan, a[0], a[1], path)
      intent.type = 'batch'
      intent.intents = nested.map((r) => r.intent)
      for (const r of nested) for (const flag of r.intent.flags ?? []) addFlag(intent, flag)
      error = firstNestedError(nested)
      display = commandDisplay(
        plan,
        'Sub-plan',
        `Sub-plan: ${nested.map((r) => r.display.interpolatedIntent).join('; ')}`,
        [],
      )
    }
  }
  return createResolution(
    ctx,
    intent,
    display,
    { hexSignature: `0x${id.toString(16).padStart(2, '0')}`, error },
    nested,
  )
}

function decodePlan(
  plan: PlanContext,
  commandBytes: `0x${string}`,
  inputs: readonly `0x${string}`[],
  path: string,
): Resolution[] {
  const count = size(commandBytes)
  checkBatchSize(count, path)
  if (plan.depth + 1 > limits.maxDepth) {
    return [
      commandError(
        plan,
        'depthLimitExceeded',
        `Sub-plans nest deeper than ${limits.maxDepth} levels.`,
        path,
        'EXECUTE_SUB_PLAN',
        0x21,
      ),
    ]
  }
  const inner = { ...plan, depth: plan.depth + 1 }
  const resolutions: Resolution[] = []
  for (let i = 0; i < count; i++) {
    const byte = hexToNumber(sliceHex(commandBytes, i, i + 1))
    const id = byte & 0x3f
    const input = inputs[i]
    const where = `${path}/inputs/${i}`
    const command = commands.get(id)
    const name = command?.name ?? opaqueCommands[id] ?? `0x${id.toString(16).padStart(2, '0')}`
    if (input === undefined) {
      resolutions.push(
        commandError(inner, 'truncatedCalldata', `Command ${i + 1} (${name}) has no input.`, where, name, id),
      )
      continue
    }
    if (!command) {
      resolutions.push(
        commandError(
          inner,
          'unknownCommand',
          `Universal Router command ${name} is not decoded; its effects cannot be shown.`,
          where,
          name,
          id,
        ),
      )
      continue
    }
    let resolution: Resolution
    try {
      resolution = decodeCommand(inner, id, command.name, decodeAbiParameters(command.params, input), where)
    } catch (cause) {
      const truncated = /DataSizeTooSmall|OutOfBounds/.test((cause as Error).name)
      resolution = commandError(
        inner,
        truncated ? 'truncatedCalldata' : 'abiDecodingFailed',
        `Input of command ${i + 1} (${name}) does not decode.`,
        where,
        name,
        id,
      )
    }
    if (byte & 0x80) addFlag(resolution.intent, 'allowRevert')
    resolutions.push(resolution)
  }
  if (inputs.length !== count) {
    resolutions.push(
      commandError(
        inner,
        'abiDecodingFailed',
        `${count} commands but ${inputs.length} inputs.`,
        path,
        'execute',
        0xff,
      ),
    )
  }
  return resolutions
}

function commandError(
  plan: PlanContext,
  code: Parameters<typeof decoderError>[0],
  message: string,
  path: string,
  name: string,
  id: number,
): Resolution {
  const error = decoderError(code, message, path, { command: name, id })
  const intent: IntentFields = {
    type: 'contractCall',
    chainId: plan.call.chainId,
    to: plan.call.to,
    contract: plan.call.to,
    functionName: name,
  }
  if (plan.call.from) intent.from = plan.call.from
  const display = commandDisplay(plan, name, `${name}: ${message}`, [
    rawField('Error', `${error.name}: ${message}`),
  ])
  return createResolution(plan.ctx, intent, display, {
    hexSignature: `0x${id.toString(16).padStart(2, '0')}`,
    error,
  })
}

function execute(input: HandlerInput) {
  const [commandBytes, inputs, deadline] = input.args as [
    `0x${string}`,
    readonly `0x${string}`[],
    bigint | undefined,
  ]
  const plan: PlanContext = { ctx: input.ctx, call: input.call, depth: input.depth }
  const resolutions = decodePlan(plan, commandBytes, inputs, input.path)
  const intent = summarize(plan, callIntent('batch', input.call, input.fn), resolutions)
  if (deadline !== undefined) intent.deadline = deadline.toString()
  const fields: DisplayField[] = resolutions.map((r, i) =>
    rawField(`Command ${i + 1}`, r.display.interpolatedIntent),
  )
  if (input.call.value > 0n) fields.unshift(nativeAmountField('Value', input.call.value, input.call.chainId))
  if (deadline !== undefined) fields.push(dateField('Deadline', deadline))
  const title = intent.type === 'swap' ? 'Swap' : 'Execute'
  return {
    intent,
    display: {
      intent: title,
      interpolatedIntent:
        resolutions.map((r) => r.display.interpolatedIntent).join('; ') ||
        `Execute with ${nativeAmountText(input.call.chainId, input.call.value)}`,
      interactWith: interactWith(input.ctx, input.call.chainId, input.call.to, 'Universal Router', 'Uniswap'),
      fields,
      requiredFields: fields.map((f) => f.label),
    },
    resolutions,
    error: firstNestedError(resolutions),
  }
}

/** The plan's overall meaning: what goes in, what comes out, to whom. */
function summarize(
  plan: PlanContext,
  intent: IntentFields,
  resolutions: readonly Resolution[],
): IntentFields {
  const intents = resolutions.map((r) => r.intent)
  intent.intents = intents
  for (const i of intents) for (const flag of i.flags ?? []) addFlag(intent, flag)
  const approvals = intents.flatMap((i) => i.approvals ?? [])
  if (approvals.length > 0) intent.approvals = approvals
  const swaps = intents.filter((i) => i.type === 'swap')
  const firstSwap = swaps[0]
  const lastSwap = swaps[swaps.length - 1]
  // One swap to one recipient is only what the plan does when nothing leaves the router for anyone else: a
  // portion, transfer or second swap paid to another address would be hidden behind the summary's recipient.
  if (!firstSwap || !lastSwap || payees(intents, plan.call.to).size > 1) return intent
  const chainId = plan.call.chainId
  const wrapped = intents.some((i) => i.type === 'wethDeposit')
  const unwrap = intents.find((i) => i.type === 'wethWithdraw')
  const wethAsset = weth[chainId] ? erc20Asset(chainId, weth[chainId]) : undefined
  const tokenIn = wrapped && firstSwap.token === wethAsset ? nativeAsset(chainId) : firstSwap.token!
  // The summary's amount is all the sender pays in: a split route pays each of its swaps, and a plan that pays in
  // another token too, or an amount it does not name, is no one swap of one amount.
  const paid = senderPayments(intents)
  if (paid.some((p) => p.token !== tokenIn || p.amount === undefined)) return intent
  intent.type = 'swap'
  intent.swapKind = firstSwap.swapKind ?? 'exactIn'
  intent.token = tokenIn
  if (wrapped && tokenIn === nativeAsset(chainId)) intent.amount = plan.call.value.toString()
  else if (paid.length > 0) intent.amount = paid.reduce((sum, p) => sum + BigInt(p.amount!), 0n).toString()
  else if (firstSwap.amount) intent.amount = firstSwap.amount
  intent.tokenOut = unwrap && lastSwap.tokenOut === wethAsset ? nativeAsset(chainId) : lastSwap.tokenOut!
  const out = unwrap && intent.tokenOut === nativeAsset(chainId) ? unwrap.amount : lastSwap.amountOut
  if (out) intent.amountOut = out
  const finalRecipient = unwrap?.recipient ?? lastSwap.recipient
  const sweep = intents.find((i) => i.functionName === 'SWEEP' && i.recipient !== plan.call.to)
  const recipient = finalRecipient === plan.call.to && sweep?.recipient ? sweep.recipient : finalRecipient
  if (recipient) intent.recipient = recipient
  return intent
}

/**
 * What the sender pays into the plan, sub-plans included: the input of each swap it pays (payerIsUser) and each
 * Permit2 pull (PERMIT2_TRANSFER_FROM and its batch form, which the router only makes from the sender).
 */
function senderPayments(
  intents: readonly Intent[],
  found: { token: string | undefined; amount: string | undefined }[] = [],
) {
  for (const i of intents) {
    if (i.type === 'swap' && paidBySender.has(i)) found.push({ token: i.token, amount: i.amount })
    else if (i.type === 'permit2Transfer' && i.transfers) for (const t of i.transfers) found.push(t)
    else if (i.type === 'permit2Transfer') found.push({ token: i.token, amount: i.amount })
    if (i.intents) senderPayments(i.intents, found)
  }
  return found
}

/** Every address the plan's commands, sub-plans included, send assets to, other than the router itself. */
function payees(intents: readonly Intent[], router: string, found = new Set<string>()): Set<string> {
  for (const i of intents) {
    if (i.recipient && i.recipient !== router) found.add(i.recipient)
    for (const t of i.transfers ?? []) if (t.to && t.to !== router) found.add(t.to)
    if (i.intents) payees(i.intents, router, found)
  }
  return found
}

export const universalRouterExecuteWithDeadline = defineFunction(
  'function execute(bytes commands, bytes[] inputs, uint256 deadline)',
  execute,
)
export const universalRouterExecute = defineFunction(
  'function execute(bytes commands, bytes[] inputs)',
  execute,
)
