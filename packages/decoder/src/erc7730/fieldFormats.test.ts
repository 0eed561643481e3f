import resolutionSchema from '@rampart/schemas/decoder/resolution.schema.json'
import { encodeFunctionData, parseAbi } from 'viem'
import { describe, expect, it } from 'vitest'
import { createDescriptorRegistry } from './createDescriptorRegistry'
import { isFieldFormat } from './fieldFormats'
import { VAULT } from './testDescriptors'

const schemaFormats = resolutionSchema.$defs.DisplayField.properties.format.enum

/** A descriptor showing the one argument of f(uint256) once in each of `formats`. */
function descriptorWith(formats: readonly string[]) {
  return {
    context: { contract: { deployments: [{ chainId: 1, address: VAULT }] } },
    display: {
      formats: {
        'f(uint256 a)': {
          intent: 'F',
          fields: formats.map((format, i) => ({ path: 'a', label: `Field ${i}`, format })),
        },
      },
    },
  }
}

const formatIssues = (formats: readonly string[]) =>
  createDescriptorRegistry([{ source: 'f.json', json: descriptorWith(formats) }])
    .issues.filter((issue) => issue.path.endsWith('/format'))
    .map((issue) => [issue.path, issue.message])

describe('field formats', () => {
  it('are the formats resolution.schema.json lists for a display field, each accepted by the engine', () => {
    expect(schemaFormats.length).toBeGreaterThan(0)
    for (const format of schemaFormats) expect(isFieldFormat(format)).toBe(true)
    expect(formatIssues(schemaFormats)).toEqual([])
  })

  it('refuse any other name, inherited object properties included, and the field is shown raw', () => {
    for (const name of ['amounts', 'Amount', '', 'toString', '__proto__', 'constructor']) {
      expect(isFieldFormat(name)).toBe(false)
    }
    expect(formatIssues(['amount', 'amounts'])).toEqual([
      ['/display/formats/f(uint256 a)/fields/1/format', 'Unknown format "amounts"'],
    ])
    const registry = createDescriptorRegistry([{ source: 'f.json', json: descriptorWith(['amounts']) }])
    const data = encodeFunctionData({ abi: parseAbi(['function f(uint256 a)']), args: [42n] })
    const display = registry.formatCalldata({ chainId: 1, to: VAULT, data })
    expect(display?.fields.map((field) => [field.format, field.value])).toEqual([['raw', '42']])
  })
})
