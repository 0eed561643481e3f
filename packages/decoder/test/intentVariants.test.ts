import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import intentSchema from '@rampart/schemas/intent.schema.json'
import Ajv2020 from 'ajv/dist/2020'
import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  createEntitiesDataProvider,
  decodeRequest,
  type Erc20TransferIntent,
  type Intent,
  type IntentType,
  type UnknownIntent,
} from '../src'

/** The schema's variants, as ajv reads them: each pins `type` and names the fields that type always has. */
const schema = intentSchema as unknown as {
  oneOf: { $ref: string }[]
  $defs: Record<string, { properties?: { type?: { const?: string } }; required?: string[] }>
}
const variants = schema.oneOf.map(({ $ref }) => schema.$defs[$ref.slice('#/$defs/'.length)])

// Compiled as the evaluator compiles it (packages/evaluator/src/schemaValidators.ts): with the discriminator, ajv
// checks the one variant an intent's type names.
const ajv = new Ajv2020({ allErrors: true, discriminator: true, strict: false })
const validate = ajv.compile(intentSchema)

const dir = fileURLToPath(new URL('../../../fixtures/requests/', import.meta.url))
const entities = JSON.parse(readFileSync(join(dir, 'entities.json'), 'utf8'))
const fixtures = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'entities.json')

function* withInner(intent: Intent): Generator<Intent> {
  yield intent
  for (const inner of intent.intents ?? []) yield* withInner(inner)
}

describe('intent.schema.json variants', () => {
  it('are one per intent type, in the order of IntentType', () => {
    expect(variants.map((variant) => variant?.properties?.type?.const)).toEqual(
      intentSchema.$defs.IntentType.enum,
    )
  })

  it("accept every fixture's intent and inner intents, decoder errors included", () => {
    const dataProvider = createEntitiesDataProvider(entities)
    const refused: unknown[] = []
    let count = 0
    for (const file of fixtures) {
      const { request } = JSON.parse(readFileSync(join(dir, file), 'utf8'))
      for (const intent of withInner(decodeRequest(request, { dataProvider }).intent)) {
        count++
        if (!validate(intent)) refused.push({ file, type: intent.type, errors: validate.errors })
      }
    }
    expect(count).toBeGreaterThan(fixtures.length)
    expect(refused).toEqual([])
  })

  it('refuse an intent without a field its type always has, and say which', () => {
    const transfer = decodeRequest(
      JSON.parse(readFileSync(join(dir, 'erc20-transfer-usdt.json'), 'utf8')).request,
    ).intent
    const { recipient: _, ...withoutRecipient } = transfer as Erc20TransferIntent
    expect(validate(withoutRecipient)).toBe(false)
    expect(validate.errors).toEqual([
      expect.objectContaining({ keyword: 'required', params: { missingProperty: 'recipient' } }),
    ])
  })

  it('give an unknown request its decoder error, which an unknown intent always carries', () => {
    const { intent } = decodeRequest({ method: 'eth_sign', params: [] })
    expect(intent).toMatchObject({ type: 'unknown', decoderError: { name: 'unsupportedMethod' } })
    expect(validate(intent)).toBe(true)
    expect(validate({ type: 'unknown', chainId: 1 })).toBe(false)
  })
})

describe('Intent narrows on its type', () => {
  it('to the fields an erc20Transfer always has', () => {
    const intent = decodeRequest(
      JSON.parse(readFileSync(join(dir, 'erc20-transfer-usdt.json'), 'utf8')).request,
    ).intent
    expectTypeOf(intent.type).toEqualTypeOf<IntentType>()
    expectTypeOf(intent.recipient).toEqualTypeOf<string | undefined>()
    if (intent.type !== 'erc20Transfer') throw new Error(`decoded as ${intent.type}`)
    expectTypeOf(intent).toEqualTypeOf<Erc20TransferIntent>()
    expectTypeOf(intent.token).toEqualTypeOf<string>()
    expectTypeOf(intent.recipient).toEqualTypeOf<string>()
    expectTypeOf(intent.to).toEqualTypeOf<string>()
    expectTypeOf(intent.contract).toEqualTypeOf<string>()
    // A Universal Router PAY_PORTION, or a transfer of the router's whole balance, names no amount.
    expectTypeOf(intent.amount).toEqualTypeOf<string | undefined>()
    expect(intent.recipient).toMatch(/^0x[0-9a-f]{40}$/)
  })

  it('to a decoder error for an unknown request', () => {
    const { intent } = decodeRequest(null)
    if (intent.type !== 'unknown') throw new Error(`decoded as ${intent.type}`)
    expectTypeOf(intent).toEqualTypeOf<UnknownIntent>()
    expectTypeOf(intent.decoderError).toEqualTypeOf<{ code: number; name: string }>()
    expect(intent.decoderError.name).toBe('invalidRequest')
  })
})
