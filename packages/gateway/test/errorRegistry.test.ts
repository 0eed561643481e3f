import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { errorSchemaPath, errorSchemaText, readmePath, readmeText } from '../scripts/errorDocs'
import type { SigningRequestRow } from '../src/core/database/actionsSchema'
import { GatewayError } from '../src/core/errors/gatewayError'
import { gatewayErrors } from '../src/core/errors/gatewayErrors'
import { providerErrors } from '../src/core/errors/providerErrors'
import { toErrorBody } from '../src/core/http/errorHandler'
import { interruptedFailure } from '../src/signing/pipeline/recoverInterruptedRequests'
import { providerFailed } from '../src/signing/pipeline/signingErrors'

const srcDir = fileURLToPath(new URL('../src', import.meta.url))
const registryFiles = new Set(['core/errors/gatewayErrors.ts', 'core/errors/providerErrors.ts'])

/** The gateway's source files (not tests, not generated types), with their text. */
async function sources(): Promise<{ file: string; text: string }[]> {
  const files = (await readdir(srcDir, { recursive: true }))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('generated'))
    .map((file) => file.split('\\').join('/'))
  return Promise.all(files.map(async (file) => ({ file, text: await readFile(join(srcDir, file), 'utf8') })))
}

const registered = (code: string) => Object.hasOwn(gatewayErrors, code)

describe('the gateway error registry', () => {
  it('registers every code thrown with a literal, wherever the type system is bypassed too', async () => {
    const thrown = new Set<string>()
    for (const { file, text } of await sources()) {
      for (const match of text.matchAll(/new (?:GatewayError|ProviderError)\(\s*'([^']*)'/g)) {
        const code = match[1]!
        thrown.add(code)
        expect(registered(code), `${file}: ${code} is not in gatewayErrors.ts`).toBe(true)
      }
    }
    // The scan sees the throw sites: a broken pattern would pass vacuously.
    expect(thrown.size).toBeGreaterThan(60)
  })

  it('has no row that nothing in the source uses', async () => {
    const text = (await sources())
      .filter(({ file }) => !registryFiles.has(file))
      .map(({ text }) => text)
      .join('\n')
    const unused = Object.keys(gatewayErrors).filter((code) => !text.includes(`'${code}'`))
    expect(unused).toEqual([])
  })

  it('gives every row a status a response can have and a meaning', () => {
    for (const [code, { httpStatus, meaning }] of Object.entries(gatewayErrors)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/)
      expect(httpStatus, code).toBeGreaterThanOrEqual(400)
      expect(httpStatus, code).toBeLessThan(600)
      expect(meaning.length, code).toBeGreaterThan(10)
    }
  })

  it("holds the providers' codes with their statuses, as the signing pipeline records them", () => {
    for (const [code, definition] of Object.entries(providerErrors)) {
      expect(gatewayErrors[code as keyof typeof gatewayErrors], code).toEqual(definition)
    }
  })

  it('answers the codes a failed request is recorded with, read back from the database', () => {
    const row = (failure: SigningRequestRow['failure']) =>
      ({ requestId: 'r-1', status: 'failed', failure }) as SigningRequestRow
    for (const failure of [
      interruptedFailure,
      { code: 'PROVIDER_REJECTED', message: 'The node refused', statusCode: 502 },
      { code: 'INTERNAL_ERROR', message: 'The request failed inside the gateway', statusCode: 500 },
      { code: 'AMOUNT_INVALID', message: 'The amount is invalid', statusCode: 422 },
    ]) {
      const body = toErrorBody(providerFailed(row(failure)))
      expect(body, failure.code).toMatchObject({ statusCode: failure.statusCode, code: failure.code })
      expect(body.context).toMatchObject({ requestId: 'r-1', failure: { code: failure.code } })
    }
    // A code no registry has (a record of another version, say): an internal error, the record's code in context.
    const unknown = toErrorBody(
      providerFailed(row({ code: 'TEAPOT', message: 'Short and stout', statusCode: 418 })),
    )
    expect(unknown).toMatchObject({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'The request failed' })
    expect(unknown.context).toMatchObject({ failure: { code: 'TEAPOT' } })
  })

  it('types the code: an unregistered one does not compile', () => {
    // @ts-expect-error not a code of the registry
    const error = new GatewayError('NOT_A_CODE', 'x')
    expect(toErrorBody(error).statusCode).toBe(500)
  })

  it("generated the schema's code enum and the README's table from the registry (pnpm errors:generate)", async () => {
    const schema = await readFile(errorSchemaPath, 'utf8')
    expect(schema).toBe(errorSchemaText(schema))
    expect(JSON.parse(schema).properties.code.enum).toEqual(Object.keys(gatewayErrors).sort())
    const readme = await readFile(readmePath, 'utf8')
    expect(readme).toBe(readmeText(readme))
    for (const code of Object.keys(gatewayErrors)) expect(readme).toContain(`| \`${code}\` |`)
  })
})
