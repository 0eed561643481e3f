import type { Display, Resolution } from '@rampart/decoder'
import { describe, expect, it } from 'vitest'
import { resolutionView } from './displayView'

function display(overrides: Partial<Display> = {}): Display {
  return {
    intent: 'Send',
    interpolatedIntent: 'Send 5 USDC to Alice',
    interactWith: {
      contractAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      contractChainId: 1,
      contractName: 'USDC',
      protocolId: null,
      protocolName: null,
      protocolDescription: null,
      owner: null,
      info: null,
    },
    fields: [
      {
        label: 'Amount',
        format: 'tokenAmount',
        value: '5 USDC',
        address: null,
        amount: '5000000',
        contract: null,
        token: null,
        path: '#.amount',
      },
    ],
    requiredFields: [],
    ...overrides,
  }
}

function resolution(overrides: Partial<Resolution> = {}): Resolution {
  return {
    action: 'eth_sendTransaction',
    intent: {} as Resolution['intent'],
    display: display(),
    decoding: { descriptor: null, hexSignature: null, error: null },
    resolutions: null,
    ...overrides,
  }
}

describe('resolutionView', () => {
  it('shows the intent sentence and each field with its label, value and path', () => {
    const markup = resolutionView(resolution()).markup
    expect(markup).toContain('<strong>Send 5 USDC to Alice</strong>')
    expect(markup).toContain(
      '<dt>Amount</dt><dd>5 USDC <span class="muted">(<code>#.amount</code>)</span></dd>',
    )
    expect(markup).toContain('With USDC <code>0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48</code> on chain 1')
  })

  it('shows each nested call of a batch under its own heading', () => {
    const inner = resolution({ display: display({ interpolatedIntent: 'Send 0.01 ETH to Bob', fields: [] }) })
    const markup = resolutionView(resolution({ resolutions: [inner, inner] })).markup
    expect(markup).toContain('<section class="nested" aria-label="Call 2 of 2">')
    expect(markup.match(/Send 0.01 ETH to Bob/g)).toHaveLength(2)
  })

  it('links a contract site only when it is an http(s) URL; a javascript: one stays text', () => {
    const withSite = (url: string) =>
      resolutionView(
        resolution({ display: display({ interactWith: { ...display().interactWith, info: { url } } }) }),
      ).markup
    expect(withSite('https://www.circle.com')).toContain(
      '<a href="https://www.circle.com/" rel="noopener noreferrer">https://www.circle.com</a>',
    )
    const hostile = withSite('javascript:alert(1)')
    expect(hostile).not.toContain('<a ')
    expect(hostile).toContain('<code>javascript:alert(1)</code>')
  })

  it('says where decoding stopped, with its JSON Pointer', () => {
    const markup = resolutionView(
      resolution({
        decoding: {
          descriptor: null,
          hexSignature: null,
          error: {
            code: 1200,
            name: 'truncatedCalldata',
            message: 'calldata ends early',
            path: '/params/0/data',
            context: null,
          },
        },
      }),
    ).markup
    expect(markup).toContain('Not fully decoded: calldata ends early')
    expect(markup).toContain('<code>truncatedCalldata</code> at <code>/params/0/data</code>')
  })
})
