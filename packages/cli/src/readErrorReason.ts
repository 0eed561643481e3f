const REASONS: Record<string, string> = {
  ENOENT: 'no such file',
  EISDIR: 'is a directory, not a file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
}

/** Why a file could not be read, in words, from the error Node raised. */
export function readErrorReason(error: unknown): string {
  const errno = (error as NodeJS.ErrnoException | undefined)?.code ?? ''
  return REASONS[errno] ?? `cannot be read (${errno || 'unknown error'})`
}
