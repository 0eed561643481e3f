import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ProviderError } from '../../core/errors/providerErrors'
import { assertVault, type LocalVaultStoreFactory } from './vault'

const maxVaultBytes = 16 * 1024 * 1024

/**
 * Keeps each connection's vault in `<directory>/<sha256(connectionId)>.json`, mode 0600, written atomically
 * (temporary file, then rename) so a crash never leaves half a vault behind.
 */
export function createFileVaultStore(directory: string): LocalVaultStoreFactory {
  return (connectionId) => {
    const name = createHash('sha256').update(connectionId).digest('hex')
    const path = join(directory, `${name}.json`)
    return {
      async load() {
        let text: string
        try {
          text = await readFile(path, 'utf8')
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
          throw new ProviderError(
            'PROVIDER_UNAVAILABLE',
            'The local provider vault cannot be read',
            {},
            { cause: error },
          )
        }
        if (text.length > maxVaultBytes) {
          throw new ProviderError('STORAGE_CORRUPT', 'The local provider vault is too large')
        }
        let parsed: unknown
        try {
          parsed = JSON.parse(text)
        } catch {
          throw new ProviderError('STORAGE_CORRUPT', 'The local provider vault is not valid JSON')
        }
        return assertVault(parsed)
      },
      async save(vault) {
        await mkdir(directory, { recursive: true, mode: 0o700 })
        const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`
        await writeFile(temporary, JSON.stringify(vault), { mode: 0o600 })
        await rename(temporary, path)
      },
      async destroy() {
        await rm(path, { force: true })
      },
    }
  }
}
