// The Northwind organization and its policies from fixtures/, and helpers that turn JSON-RPC requests into
// evaluation requests with the real decoder, so tests decide on the intents the decoder actually produces.
import { readFileSync } from 'node:fs'
import { decodeRequest, type Intent } from '@rampart/decoder'
import type { Entities } from '@rampart/entities'
import type { EvaluationRequest, Policy } from '../src'

const fixture = (path: string) =>
  JSON.parse(readFileSync(new URL(`../../../fixtures/${path}`, import.meta.url), 'utf8')) as unknown

export const entities = fixture('entities/valid/northwind.json') as Entities
export const policies = fixture('policies/northwind.json') as Policy[]

export const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
export const TREASURY_HOT = '0x800d6b5D1bA8ee5abf89019b4f7D89329d407B69'
export const COLD = '0xF0Bf1581E4B19ae748d5E8703B001Dbfb5A06108'
export const BINANCE = '0x28C6c06298d514Db089934071355E5743bf21d60'
export const INITECH = '0xB8823F1DefC7d02E0622e192EeF2B453a20F2D9D'
export const STRANGER = '0x4444444444444444444444444444444444444444'

export const NORA = 'nora.jensen@northwind.example'
export const SOFIA = 'sofia.alvarez@northwind.example'
export const PRIYA = 'priya.raman@northwind.example'
export const AMELIA = 'amelia.hart@northwind.example'

const pad = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0')

/** An eth_sendTransaction calling transfer(to, amount) on an ERC-20 contract. */
export function erc20TransferRpc(from: string, token: string, to: string, amount: bigint, chainId = 1) {
  return {
    method: 'eth_sendTransaction',
    params: [
      { from, to: token, chainId, value: '0x0', data: `0xa9059cbb${pad(to)}${pad(amount.toString(16))}` },
    ],
  }
}

/** Decodes a JSON-RPC request with the real decoder and returns its intent. */
export function decodeIntent(rpc: unknown): Intent {
  const resolution = decodeRequest(rpc, { entities })
  if (resolution.decoding?.error)
    throw new Error(`decoder failed: ${JSON.stringify(resolution.decoding.error)}`)
  return resolution.intent as Intent
}

/** A signTransaction request for an ERC-20 transfer, decoded from its JSON-RPC form. */
export function usdcTransfer(options: {
  principal: string
  from?: string
  to: string
  amount: bigint
  approvals?: string[]
  history?: EvaluationRequest['history']
  now?: number
}): EvaluationRequest {
  const from = options.from ?? TREASURY_HOT
  return {
    action: 'signTransaction',
    principal: options.principal,
    resource: `eip155:1:${from}`,
    intent: decodeIntent(
      erc20TransferRpc(from, USDC, options.to, options.amount),
    ) as EvaluationRequest['intent'],
    ...(options.approvals ? { approvals: options.approvals } : {}),
    ...(options.history ? { history: options.history } : {}),
    ...(options.now !== undefined ? { now: options.now } : {}),
  }
}
