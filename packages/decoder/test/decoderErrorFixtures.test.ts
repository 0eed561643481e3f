// fixtures/decoder-errors: requests built to make the decoder fail in one named way each, beside the error fixtures
// of fixtures/requests. The evaluator, the CLI and the gateway test that no policy permits any of them.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { decodeRequest, decoderErrorCodes } from '../src'

const dir = new URL('../../../fixtures/decoder-errors/', import.meta.url)
const files = readdirSync(dir).filter((name) => name.endsWith('.json'))

describe('decoder error fixtures (fixtures/decoder-errors)', () => {
  for (const file of files) {
    const fixture = JSON.parse(readFileSync(new URL(file, dir), 'utf8'))
    it(`${file}: ${fixture.description}`, () => {
      const resolution = decodeRequest(fixture.request)
      expect(fixture.error in decoderErrorCodes).toBe(true)
      expect(resolution.decoding.error?.name).toBe(fixture.error)
      expect(resolution.intent.decoderError?.name).toBe(fixture.error)
    })
  }
})
