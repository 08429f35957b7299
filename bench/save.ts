/**
 * The `save` benchmark's data: members (accounts + sessions) and fresh seals, written straight into
 * the stopped server's PGlite data directory (the server is restarted on it, as every start after
 * the first is). Fresh seals carry puri rows and `stored_files` rows but no files: saving never
 * reads a file.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const root = path.resolve(import.meta.dirname, '..')

/** The server's own PGlite (the engine that wrote the data directory), not a bench dependency. */
async function serverPglite(): Promise<typeof import('@electric-sql/pglite')> {
  const resolved = createRequire(path.join(root, 'server', 'package.json')).resolve('@electric-sql/pglite')
  return import(pathToFileURL(resolved).href)
}

/** As `sessions.service.ts` hashes the cookie value. */
const hashSessionId = (id: string) => createHash('sha256').update(id).digest('base64url')
const SEAL_ID_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const sealId = () => Array.from({ length: 10 }, () => SEAL_ID_ALPHABET[randomInt(32)]).join('')
/** SEAL_MAX_OWNERS' default: members are split into groups of this many, each with its own seals. */
export const OWNERS_PER_SEAL = 10

export interface SaveFixtures {
  /** Cookie header per member, in member order. Even members are MINI, odd ones PREMIUM. */
  cookies: string[]
  /** Fresh seals per member, in the order the member saves them (shared only within its group). */
  freshSeals: string[][]
}

export async function seedSaveFixtures(options: {
  dataDir: string
  members: number
  sealsPerMember: number
}): Promise<SaveFixtures> {
  const { PGlite } = await serverPglite()
  const db = new PGlite(path.join(options.dataDir, 'pg'))
  try {
    const cookies: string[] = []
    await db.transaction(async (tx) => {
      for (let m = 0; m < options.members; m++) {
        // Half of them premium (for a year: the account's premium end, decision 0020), half mini.
        const premium = m % 2 === 1
        const {
          rows: [account],
        } = await tx.query<{ id: string }>(
          `insert into accounts (mail_address, premium_until)
           values ($1, case when $2 then now() + interval '1 year' end) returning id`,
          [`bench-${m}-${randomBytes(4).toString('hex')}@bench.puribox.jp`, premium],
        )
        const cookie = randomBytes(32).toString('base64url')
        await tx.query(
          `insert into sessions (id_hash, account_id, last_seen_at, expires_at)
           values ($1, $2, now(), now() + interval '30 days')`,
          [hashSessionId(cookie), account!.id],
        )
        cookies.push(`pbx_session=${cookie}`)
      }
    })
    const groups = Math.ceil(options.members / OWNERS_PER_SEAL)
    const groupSeals: string[][] = []
    const {
      rows: [machine],
    } = await db.query<{ id: string }>('select id from machines order by created_at limit 1')
    if (!machine) throw new Error('no machine in the database (demo seed missing)')
    for (let g = 0; g < groups; g++) {
      const ids = Array.from({ length: options.sealsPerMember }, sealId)
      groupSeals.push(ids)
      // One statement per table for the whole group: 6 puris (4 finished, 2 raw), 5 files each.
      await db.query(
        `with s as (
           insert into seals (id, machine_id, shot_at, expires_at)
           select id, $2, now(), now() + interval '7 days' from unnest($1::text[]) as id
           on conflict do nothing returning id
         ), p as materialized (
           select s.id as seal_id, n, gen_random_uuid() as o, gen_random_uuid() as t,
             gen_random_uuid() as q, gen_random_uuid() as m, gen_random_uuid() as v
           from s, generate_series(1, 6) as n
         ), f as (
           insert into stored_files (id, storage_key, content_type, byte_size)
           select file.id, 'bench/' || p.seal_id || '/' || p.n || '/' || file.kind, 'image/jpeg', 1000
           from p, lateral (values (p.o, 'o'), (p.t, 't'), (p.q, 'q'), (p.m, 'm'), (p.v, 'v')) as file(id, kind)
         )
         insert into puris (seal_id, number, is_raw_puri, raw_puri_image_number, is_proof_sample,
           original_file_id, thumbnail_file_id, qvga_file_id, medium_file_id, preview_file_id)
         select p.seal_id, p.n, p.n > 4, case when p.n > 4 then p.n - 4 end, false, p.o, p.t, p.q, p.m, p.v
         from p`,
        [ids, machine.id],
      )
    }
    return {
      cookies,
      freshSeals: cookies.map((_, m) => groupSeals[Math.floor(m / OWNERS_PER_SEAL)]!),
    }
  } finally {
    await db.close()
  }
}
