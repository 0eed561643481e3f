/** One problem found in one file, with where it is. Every validating command reports in this shape. */
export interface LocatedIssue {
  file: string
  /** JSON Pointer to the offending value ('' for the whole document). */
  path: string
  /** 1-based line and column of the offending value in the file. */
  line: number
  column: number
  code: string
  severity: 'error' | 'warning'
  message: string
}

export const OUTPUT_FORMATS = ['text', 'json', 'github', 'sarif'] as const
export type OutputFormat = (typeof OUTPUT_FORMATS)[number]
