import {
  DEFAULT_MAX_BYTES,
  describeSchemaErrors,
  EntitiesJsonError,
  parseEntitiesJson,
} from '@rampart/entities'
import policyTestSchema from '@rampart/schemas/cli/policyTest.schema.json'
import type { ValidateFunction } from 'ajv'
import Ajv2020 from 'ajv/dist/2020.js'
import type { PolicyTest } from '../generated/policyTest'
import { jsonFileText } from '../jsonFileText'
import type { LocatedIssue } from '../locatedIssue'
import { locateJsonError } from '../locateJsonError'
import { readErrorReason } from '../readErrorReason'
import { locateJsonPointers } from '../sourceLocation'
import { readBounded } from '../validateEntityFile'

/** A test file read and checked against policyTest.schema.json, with its text to locate its cases in. */
export interface PolicyTestFile {
  file: string
  test: PolicyTest
  text: string
}

let validate: ValidateFunction | undefined

function schemaValidator(): ValidateFunction {
  // verbose: errors carry their schema, so a misspelt member is matched to a declared one (did you mean).
  validate ??= new Ajv2020({ allErrors: true, verbose: true, strict: false }).compile(policyTestSchema)
  return validate
}

/**
 * Reads a policy test file: bounded in size, UTF-8, JSON with the Entities reader's limits, and the shape of
 * policyTest.schema.json. Returns the test, or the issues that make the file malformed, each at its
 * file:line:col and JSON Pointer.
 */
export async function readPolicyTestFile(
  file: string,
): Promise<{ ok: PolicyTestFile } | { issues: LocatedIssue[]; unreadable: boolean }> {
  const issue = (
    path: string,
    line: number,
    column: number,
    code: string,
    message: string,
  ): LocatedIssue => ({
    file,
    path,
    line,
    column,
    code,
    severity: 'error',
    message,
  })
  let read: Buffer | undefined
  try {
    read = await readBounded(file, DEFAULT_MAX_BYTES)
  } catch (error) {
    return { issues: [issue('', 1, 1, 'file.unreadable', readErrorReason(error))], unreadable: true }
  }
  if (read === undefined) {
    const message = `file is more than the ${DEFAULT_MAX_BYTES} bytes accepted`
    return { issues: [issue('', 1, 1, 'json.too-large', message)], unreadable: false }
  }
  let text = ''
  let doc: unknown
  try {
    text = jsonFileText(read)
    doc = parseEntitiesJson(text)
  } catch (error) {
    if (!(error instanceof EntitiesJsonError)) throw error
    const { line, column } = locateJsonError(text, error)
    return { issues: [issue(error.path, line, column, error.code, error.message)], unreadable: false }
  }
  const check = schemaValidator()
  if (check(doc)) return { ok: { file, test: doc as PolicyTest, text } }
  // oneOf reports each branch's error and then its own: the branches say what is wrong, oneOf adds nothing.
  const described = describeSchemaErrors((check.errors ?? []).filter((error) => error.keyword !== 'oneOf'))
  const locations = locateJsonPointers(
    text,
    described.map(({ path }) => path),
  )
  const issues = described.map(({ keyword, path, message }, k) => {
    const { line, column } = locations[k]!
    return issue(path, line, column, `schema.${keyword}`, message)
  })
  return { issues, unreadable: false }
}
