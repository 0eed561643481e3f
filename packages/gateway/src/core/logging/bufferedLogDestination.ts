import pino from 'pino'

/** Bytes of log lines gathered before one write. */
const bufferBytes = 4096
/** The longest a line waits in the buffer when traffic is light. */
const flushIntervalMs = 1000

export type BufferedLogDestination = {
  stream: ReturnType<typeof pino.destination>
  /** Stops the timer and writes what is buffered, after the batch being written if there is one. */
  close: () => Promise<void>
}

/**
 * Standard output, written in batches of 4 KiB and at least once a second: pino's asynchronous destination.
 * Writing each line as it comes costs the event loop one system call per request (a thread-pool round trip for
 * an asynchronous write), which at thousands of requests a second is more than the line itself. pino writes
 * what remains synchronously when the process exits (an uncaught exception included), so only a process killed
 * outright (SIGKILL, a signal nothing handles, a native crash) or a crash of the machine loses the last second.
 */
export function bufferedLogDestination(fd = 1): BufferedLogDestination {
  const stream = pino.destination({ dest: fd, sync: false, minLength: bufferBytes })
  const timer = setInterval(() => stream.flush(), flushIntervalMs)
  timer.unref()
  return {
    stream,
    close: () =>
      new Promise((resolve, reject) => {
        clearInterval(timer)
        // Writing the rest at once while a batch is still out would put the rest first: wait for that batch
        // (flush calls back when the stream drains, with the fsync error a pipe gives, which does not matter).
        stream.flush(() => {
          try {
            stream.flushSync()
            resolve()
          } catch (error) {
            reject(error)
          }
        })
      }),
  }
}
