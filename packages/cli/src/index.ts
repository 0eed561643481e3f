// The public face of @rampart/cli: the program, for embedding the `rampart` command in other tools, and the
// pieces every validating command shares.

export { CliError, type CliErrorCode, cliErrors } from './cliErrors'
export { commandGroup } from './commandGroup'
export { expandFileArguments, FileArgumentError } from './expandFileArguments'
export { formatIssues } from './formatIssues'
export { type LocatedIssue, OUTPUT_FORMATS, type OutputFormat } from './locatedIssue'
export { createProgram, EXIT } from './program'
export { createProgress, type Progress } from './progress'
export { locateJsonPointers, locateOffset, parseJsonPointer, type SourceLocation } from './sourceLocation'
export { type EntityFileResult, validateEntityFile } from './validateEntityFile'
