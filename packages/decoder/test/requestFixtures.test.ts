import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import decoderErrorSchema from '@rampart/schemas/decoder/decoderError.schema.json'
import resolutionSchema from '@rampart/schemas/decoder/resolution.schema.json'
import intentSchema from '@rampart/schemas/intent.schema.json'
import Ajv2020 from 'ajv/dist/2020'
import {
  hashDomain,
  hashStruct,
  keccak256,
  parseTransaction,
  recoverMessageAddress,
  recoverTransactionAddress,
  recoverTypedDataAddress,
} from 'viem'
import { getUserOperationHash } from 'viem/account-abstraction'
import { describe, expect, it } from 'vitest'
import { createEntitiesDataProvider, decodeRequest } from '../src'

const dir = fileURLToPath(new URL('../../../fixtures/requests/', import.meta.url))
const entities = JSON.parse(readFileSync(join(dir, 'entities.json'), 'utf8'))
const files = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'entities.json')

const ajv = new Ajv2020({ allErrors: true, strict: false })
ajv.addSchema(intentSchema).addSchema(decoderErrorSchema)
const validateResolution = ajv.compile(resolutionSchema)
const validateIntent = ajv.getSchema(intentSchema.$id)!

interface Fixture {
  description: string
  source: {
    kind: string
    chainId?: number
    txHash?: string
    rawTx?: `0x${string}`
    signer?: string
    signature?: `0x${string}`
    userOpHash?: `0x${string}`
    domainHash?: `0x${string}`
    messageHash?: `0x${string}`
    reference: string
  }
  entities?: string
  /** The chain the request is sent to, for methods whose params name none (a bundler's eth_sendUserOperation). */
  chainId?: number
  nftCollections?: Record<string, string>
  request: { method: string; params: unknown[] }
  expected: {
    action: string
    intent: unknown
    error: { code: number; name: string; path: string } | null
    displayIntent: string
    /** The sentence a signer reads, where a fixture pins it (e.g. unlimited approvals of unlisted tokens). */
    interpolatedIntent?: string
    nested: number
  }
}

describe('request fixtures (fixtures/requests)', () => {
  it('cover every built-in family and the listed error cases', () => {
    expect(files.length).toBeGreaterThanOrEqual(40)
  })

  for (const file of files) {
    const fixture: Fixture = JSON.parse(readFileSync(join(dir, file), 'utf8'))
    describe(file, () => {
      const base = fixture.entities ? createEntitiesDataProvider(entities) : {}
      const nfts = fixture.nftCollections ?? {}
      const dataProvider = {
        ...base,
        nftCollectionName: (_chainId: number, address: string) => nfts[address],
      }
      const resolution = decodeRequest(fixture.request, { dataProvider, chainId: fixture.chainId })

      it('decodes to the expected intent, exactly', () => {
        expect(resolution.action).toBe(fixture.expected.action)
        expect(resolution.intent).toEqual(fixture.expected.intent)
        expect(resolution.display.intent).toBe(fixture.expected.displayIntent)
        if (fixture.expected.interpolatedIntent !== undefined) {
          expect(resolution.display.interpolatedIntent).toBe(fixture.expected.interpolatedIntent)
        }
        expect(resolution.resolutions?.length ?? 0).toBe(fixture.expected.nested)
      })

      it('reports the expected decoder error', () => {
        const error = resolution.decoding.error
        expect(error ? { code: error.code, name: error.name, path: error.path } : null).toEqual(
          fixture.expected.error,
        )
        if (error) expect(resolution.intent.decoderError).toEqual({ code: error.code, name: error.name })
      })

      it('validates against the intent and resolution schemas', () => {
        expect(validateIntent(resolution.intent), JSON.stringify(validateIntent.errors)).toBe(true)
        const plain = JSON.parse(JSON.stringify(resolution))
        expect(validateResolution(plain), JSON.stringify(validateResolution.errors)).toBe(true)
      })

      if (fixture.source.kind === 'signedTransaction') {
        it('is an authentic signed transaction matching the request', async () => {
          const raw = fixture.source.rawTx!
          expect(keccak256(raw)).toBe(fixture.source.txHash)
          const tx = parseTransaction(raw)
          const params = fixture.request.params[0] as Record<string, string>
          expect(params.to).toBe(tx.to?.toLowerCase())
          expect(params.data).toBe(tx.data ?? '0x')
          expect(BigInt(params.value!)).toBe(tx.value ?? 0n)
          // A pre-EIP-155 transaction signs no chain id: the request names the chain it was mined on.
          expect(Number(params.chainId)).toBe(tx.chainId ?? fixture.source.chainId)
          expect(params.from).toBe(
            (await recoverTransactionAddress({ serializedTransaction: raw as never })).toLowerCase(),
          )
        })
      } else if (fixture.source.kind === 'signedTypedData') {
        it('is authentic typed data: its signature recovers to the requesting signer', async () => {
          const [signer, typedData] = fixture.request.params as [string, object]
          expect(signer).toBe(fixture.source.signer)
          const recovered = await recoverTypedDataAddress({
            ...typedData,
            signature: fixture.source.signature!,
          } as Parameters<typeof recoverTypedDataAddress>[0])
          expect(recovered.toLowerCase()).toBe(fixture.source.signer)
        })
      } else if (fixture.source.kind === 'signedMessage') {
        it('is an authentic message: its signature recovers to the requesting signer', async () => {
          const [message, signer] = fixture.request.params as [`0x${string}`, string]
          expect(signer).toBe(fixture.source.signer)
          const recovered = await recoverMessageAddress({
            message: { raw: message },
            signature: fixture.source.signature!,
          })
          expect(recovered.toLowerCase()).toBe(fixture.source.signer)
        })
      } else if (fixture.source.kind === 'userOperation') {
        it('is an authentic user operation: its hash is the one its EntryPoint emitted', () => {
          const [operation, entryPointAddress] = fixture.request.params as [
            Record<string, string>,
            `0x${string}`,
          ]
          const big = (value: string | undefined) => (value === undefined ? undefined : BigInt(value))
          const userOperation = {
            ...operation,
            nonce: big(operation.nonce),
            callGasLimit: big(operation.callGasLimit),
            verificationGasLimit: big(operation.verificationGasLimit),
            preVerificationGas: big(operation.preVerificationGas),
            maxFeePerGas: big(operation.maxFeePerGas),
            maxPriorityFeePerGas: big(operation.maxPriorityFeePerGas),
            paymasterVerificationGasLimit: big(operation.paymasterVerificationGasLimit),
            paymasterPostOpGasLimit: big(operation.paymasterPostOpGasLimit),
          }
          const entryPointVersion = 'factory' in operation || 'paymaster' in operation ? '0.7' : '0.6'
          const hash = getUserOperationHash({
            userOperation: userOperation as never,
            entryPointAddress,
            entryPointVersion,
            chainId: fixture.source.chainId!,
          })
          expect(hash).toBe(fixture.source.userOpHash)
        })
      } else if (fixture.source.kind === 'typedDataHash') {
        it('is the typed data whose published EIP-712 domain and message hashes it carries', () => {
          const [, typedData] = fixture.request.params as [
            string,
            {
              types: Record<string, { name: string; type: string }[]>
              primaryType: string
              domain: Record<string, unknown>
              message: Record<string, unknown>
            },
          ]
          const { EIP712Domain, ...types } = typedData.types
          expect(hashDomain({ domain: typedData.domain, types: { EIP712Domain } } as never)).toBe(
            fixture.source.domainHash,
          )
          expect(
            hashStruct({ data: typedData.message, primaryType: typedData.primaryType, types } as never),
          ).toBe(fixture.source.messageHash)
        })
      } else if (fixture.source.kind === 'transaction') {
        it('names the mainnet transaction it comes from', () => {
          expect(fixture.source.txHash).toMatch(/^0x[0-9a-f]{64}$/)
        })
      }
    })
  }
})
