import type { Adapter, AdapterPayload } from 'oidc-provider'

interface Entry {
  payload: AdapterPayload
  /** Epoch ms; undefined never expires. */
  expiresAt: number | undefined
}

/**
 * The sandbox issuer's storage: one in-memory map per issuer (a restart forgets pending sign-ins,
 * which a sandbox can afford). oidc-provider's own memory adapter is the same idea, but it warns on
 * every start that it is not for production, and it is shared by every issuer in the process.
 */
export function createSandboxAdapterFactory(now: () => number = Date.now): (name: string) => Adapter {
  const entries = new Map<string, Entry>()

  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key)
    if (entry?.expiresAt !== undefined && entry.expiresAt <= now()) {
      entries.delete(key)
      return undefined
    }
    return entry
  }
  const sweep = () => {
    for (const key of entries.keys()) live(key)
  }

  return (name) => {
    const keyOf = (id: string) => `${name}:${id}`
    const findBy = (field: 'uid' | 'userCode', value: string) => {
      for (const key of entries.keys()) {
        if (!key.startsWith(`${name}:`)) continue
        const entry = live(key)
        if (entry && entry.payload[field] === value) return entry.payload
      }
      return undefined
    }
    return {
      async upsert(id, payload, expiresIn) {
        if (entries.size > 10_000) sweep()
        entries.set(keyOf(id), {
          payload,
          expiresAt: expiresIn ? now() + expiresIn * 1000 : undefined,
        })
      },
      async find(id) {
        return live(keyOf(id))?.payload
      },
      async findByUid(uid) {
        return findBy('uid', uid)
      },
      async findByUserCode(userCode) {
        return findBy('userCode', userCode)
      },
      async consume(id) {
        const entry = live(keyOf(id))
        if (entry) entry.payload = { ...entry.payload, consumed: Math.floor(now() / 1000) }
      },
      async destroy(id) {
        entries.delete(keyOf(id))
      },
      async revokeByGrantId(grantId) {
        for (const [key, entry] of entries) if (entry.payload.grantId === grantId) entries.delete(key)
      },
    }
  }
}
