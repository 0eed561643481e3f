import pino from 'pino'

/** Bytes of log lines gathered before one write. */
const bufferBytes = 4096
/** The longest a line waits in the buffer when traffic is light. */
const flushIntervalMs = 1000

export type BufferedLogDestination = {
  stream: pino.DestinationStream
  /** Writes what is buffered, synchronously, and stops the timer: for a gateway that closes. */
  close: () => void
}

/**
 * Standard output, written in batches of 4 KiB and at least once a second: pino's asynchronous destination.
 * Writing each line as it comes costs the event loop one system call per request (a thread-pool round trip for
 * an asynchronous write), which at thousands of requests a second is more than the line itself. pino writes
 * what remains synchronously when the process exits, so only a crash of the machine can lose the last second.
 */
export function bufferedLogDestination(fd = 1): BufferedLogDestination {
  const stream = pino.destination({ dest: fd, sync: false, minLength: bufferBytes })
  const timer = setInterval(() => stream.flush(), flushIntervalMs)
  timer.unref()
  return {
    stream,
    close: () => {
      clearInterval(timer)
      stream.flushSync()
    },
  }
}
