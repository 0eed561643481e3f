import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createProgress, PROGRESS_MIN_FILES } from './progress'

function fakeStream(isTTY: boolean) {
  const chunks: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk))
      done()
    },
  }) as unknown as NodeJS.WriteStream
  Object.assign(stream, {
    isTTY,
    columns: 100,
    cursorTo: () => true,
    clearLine: () => true,
    moveCursor: () => true,
  })
  return { stream, output: () => chunks.join('') }
}

describe('createProgress', () => {
  it('draws a bar on a terminal when there are many files', () => {
    const { stream, output } = fakeStream(true)
    const progress = createProgress(PROGRESS_MIN_FILES, stream)
    for (let i = 0; i < PROGRESS_MIN_FILES; i++) progress.tick(`file-${i}.json`)
    progress.stop()
    expect(output()).toContain(`validating [`)
    expect(output()).toContain(`/${PROGRESS_MIN_FILES}`)
  })

  it('writes nothing when the stream is not a terminal, or for a few files', () => {
    for (const [isTTY, total] of [
      [false, 1000],
      [true, PROGRESS_MIN_FILES - 1],
    ] as const) {
      const { stream, output } = fakeStream(isTTY)
      const progress = createProgress(total, stream)
      progress.tick('a.json')
      progress.stop()
      expect(output()).toBe('')
    }
  })
})
