import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** Where photo files live: a folder by default, object storage in scale-out deployments. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>
  /** Null when there is no such file. */
  get(key: string): Promise<Buffer | null>
  delete(key: string): Promise<void>
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/

function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`)
}

export function createFileStorage(root: string): Storage {
  const fullPath = (key: string) => {
    assertSafeKey(key)
    return path.join(root, key)
  }
  return {
    async put(key, data) {
      const target = fullPath(key)
      await mkdir(path.dirname(target), { recursive: true })
      // Write then rename: a reader never sees half a file, a crash leaves no torn one.
      const temporary = `${target}.${randomUUID()}.tmp`
      await writeFile(temporary, data)
      await rename(temporary, target)
    },
    async get(key) {
      try {
        return await readFile(fullPath(key))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async delete(key) {
      await rm(fullPath(key), { force: true })
    },
  }
}

export function createMemoryStorage(): Storage & { keys(): string[] } {
  const files = new Map<string, Buffer>()
  return {
    async put(key, data) {
      assertSafeKey(key)
      files.set(key, Buffer.from(data))
    },
    async get(key) {
      return files.get(key) ?? null
    },
    async delete(key) {
      files.delete(key)
    },
    keys: () => [...files.keys()],
  }
}
