import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { createDescriptorRegistry } from './createDescriptorRegistry'
import type {
  DescriptorLoadIssue,
  DescriptorRegistry,
  DescriptorRegistryOptions,
  DescriptorSource,
} from './types'

const DESCRIPTOR_FILE = /^(calldata|eip712)-.+\.json$/
const MAX_FILES = 10_000

/**
 * Loads a directory laid out like the public ERC-7730 registry: `<entity>/calldata-*.json`,
 * `<entity>/eip712-*.json` (their `common-*.json` includes are read on demand) and `ercs/`.
 * The directory may be the registry checkout itself (holding `registry/` and `ercs/`) or any folder of
 * entity folders. Unreadable or invalid files become registry `issues`, never exceptions.
 */
export function loadDescriptorDirectory(
  dir: string,
  options: DescriptorRegistryOptions = {},
): DescriptorRegistry {
  const root = resolve(dir)
  const sources: DescriptorSource[] = []
  const issues: DescriptorLoadIssue[] = []
  for (const file of listDescriptorFiles(root)) {
    try {
      sources.push({ source: relative(root, file), json: JSON.parse(readFileSync(file, 'utf8')) })
    } catch (error) {
      issues.push({
        code: 'ERC7730_INVALID_DESCRIPTOR',
        message: `Unreadable descriptor: ${(error as Error).message}`,
        context: {},
        source: relative(root, file),
        path: '',
      })
    }
  }
  const cache = new Map<string, unknown>()
  const resolveInclude =
    options.resolveInclude ??
    ((includingSource: string, reference: string) => {
      const path = resolve(root, includingSource, '..', reference)
      if (!path.startsWith(root)) return undefined
      if (cache.has(path)) return cache.get(path)
      let json: unknown
      try {
        json = JSON.parse(readFileSync(path, 'utf8'))
      } catch {
        json = undefined
      }
      cache.set(path, json)
      return json
    })
  return createDescriptorRegistry(sources, { ...options, resolveInclude }, issues)
}

function listDescriptorFiles(root: string): string[] {
  const files: string[] = []
  const bases = existsSync(join(root, 'registry')) ? [join(root, 'registry'), join(root, 'ercs')] : [root]
  for (const base of bases) {
    if (!isDirectory(base)) continue
    collect(base, files)
    for (const entry of readdirSync(base).sort()) {
      const entityDir = join(base, entry)
      if (isDirectory(entityDir)) collect(entityDir, files)
    }
  }
  return files.slice(0, MAX_FILES)
}

function collect(dir: string, files: string[]): void {
  for (const name of readdirSync(dir).sort()) {
    if (DESCRIPTOR_FILE.test(name) && !isDirectory(join(dir, name))) files.push(join(dir, name))
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}
