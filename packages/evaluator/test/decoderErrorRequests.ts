// Every request of the repository that the decoder cannot fully read, by decoder error name: the error fixtures of
// fixtures/requests and the requests of fixtures/decoder-errors.
import { readdirSync, readFileSync } from 'node:fs'

export interface DecoderErrorRequest {
  file: string
  error: string
  request: unknown
  /** The chain of a request that names none. */
  chainId?: number
}

const read = (dir: URL, file: string) => JSON.parse(readFileSync(new URL(file, dir), 'utf8'))
const jsonFiles = (dir: URL) => readdirSync(dir).filter((name) => name.endsWith('.json'))

const requests = new URL('../../../fixtures/requests/', import.meta.url)
const errors = new URL('../../../fixtures/decoder-errors/', import.meta.url)

export const decoderErrorRequests: DecoderErrorRequest[] = [
  ...jsonFiles(requests)
    .filter((file) => file !== 'entities.json')
    .map((file) => ({ file, fixture: read(requests, file) }))
    .filter(({ fixture }) => fixture.expected?.error)
    .map(({ file, fixture }) => ({
      file: `requests/${file}`,
      error: fixture.expected.error.name as string,
      request: fixture.request,
      ...(fixture.chainId === undefined ? {} : { chainId: fixture.chainId as number }),
    })),
  ...jsonFiles(errors).map((file) => {
    const fixture = read(errors, file)
    return { file: `decoder-errors/${file}`, error: fixture.error as string, request: fixture.request }
  }),
]
