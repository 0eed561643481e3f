import { describeSchemaErrors } from '@rampart/entities'
import policyTestSchema from '@rampart/schemas/cli/policyTest.schema.json'
import type { ValidateFunction } from 'ajv'
import Ajv2020 from 'ajv/dist/2020.js'
import type { PolicyTest } from '../generated/policyTest'
import type { LocatedIssue } from '../locatedIssue'
import { issueIn, readJsonFile } from '../readJsonFile'
import { locateJsonPointers } from '../sourceLocation'

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
  const issue = issueIn(file)
  const read = await readJsonFile(file)
  if ('issues' in read) return read
  const { doc, text } = read
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
