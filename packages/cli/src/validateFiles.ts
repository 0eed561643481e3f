import { EXIT } from './exitCodes'
import { expandFileArguments, FileArgumentError } from './expandFileArguments'
import { formatIssues } from './formatIssues'
import type { LocatedIssue, OutputFormat } from './locatedIssue'
import { createProgress } from './progress'

/** What a validator reports for one file; `unreadable` marks a file that could not be read at all. */
export type FileValidation = { issues: LocatedIssue[]; unreadable: boolean; notes?: string[] }

/** What every `validate` command takes beside its files: the output, and how warnings count. */
export interface ValidateOutputOptions {
  format: OutputFormat
  /** Print errors only (warnings still count toward --max-warnings and the summary). */
  quiet?: boolean
  /** Exit 1 when there are more warnings than this, as ESLint's option of the same name. */
  maxWarnings?: number
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`

/**
 * Runs one validator over files and globs, prints every issue in the chosen format and a summary on stderr,
 * and returns the exit code every `validate` command shares: 0 valid (warnings allowed), 1 a file has errors,
 * 2 a usage error or an unreadable file.
 */
export async function validateFiles(
  args: string[],
  output: ValidateOutputOptions,
  validateFile: (file: string) => Promise<FileValidation>,
): Promise<number> {
  const { format } = output
  let files: string[]
  try {
    files = await expandFileArguments(args)
  } catch (error) {
    if (!(error instanceof FileArgumentError)) throw error
    process.stderr.write(`rampart: ${error.message}\n`)
    return EXIT.usage
  }
  const progress = createProgress(files.length)
  const issues: LocatedIssue[] = []
  const notes: string[] = []
  let unreadable = 0
  let invalid = 0
  try {
    for (const file of files) {
      progress.tick(file)
      const result = await validateFile(file)
      for (const note of result.notes ?? []) notes.push(note)
      // Not push(...issues): a file with a few hundred thousand issues would overflow the call's arguments.
      for (const issue of result.issues) issues.push(issue)
      if (result.unreadable) unreadable++
      else if (result.issues.some((issue) => issue.severity === 'error')) invalid++
    }
  } finally {
    progress.stop()
  }
  // On stderr whatever the format, after the bar is gone, so stdout stays the format's document.
  for (const note of notes) process.stderr.write(`rampart: note: ${note}\n`)
  const errors = issues.filter((issue) => issue.severity === 'error').length
  const warnings = issues.length - errors
  const shown = output.quiet ? issues.filter((issue) => issue.severity === 'error') : issues
  if (format !== 'text' || shown.length > 0) process.stdout.write(formatIssues(shown, format))
  if (format === 'text') {
    process.stderr.write(
      `${plural(files.length, 'file')} checked: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}` +
        `${invalid + unreadable > 0 ? ` in ${plural(invalid + unreadable, 'file')}` : ''}\n`,
    )
  }
  if (unreadable > 0) return EXIT.usage
  if (output.maxWarnings !== undefined && warnings > output.maxWarnings) {
    process.stderr.write(
      `rampart: ${plural(warnings, 'warning')}, more than --max-warnings ${output.maxWarnings}\n`,
    )
    return EXIT.invalid
  }
  return invalid > 0 ? EXIT.invalid : EXIT.ok
}
