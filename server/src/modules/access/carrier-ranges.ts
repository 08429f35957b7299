import { readFileSync } from 'node:fs'
import { BlockList, isIPv4, isIPv6 } from 'node:net'
import { type Carrier, carrierSchema } from '@puribox/contract/access'
import { z } from 'zod'

const CARRIERS = ['ezweb', 'docomo', 'softbank'] as const
type CarrierName = (typeof CARRIERS)[number]

const cidr = z.string().regex(/^[0-9a-fA-F:.]+\/\d{1,3}$/, 'CIDR like 192.0.2.0/24')
const rangesFileSchema = z.object({ ezweb: z.array(cidr), docomo: z.array(cidr), softbank: z.array(cidr) })

export interface CarrierRanges {
  carrierOf(ip: string): Carrier
}

export function parseCarrierRanges(json: unknown): CarrierRanges {
  const file = rangesFileSchema.parse(json)
  const lists = CARRIERS.map((carrier) => {
    const list = new BlockList()
    for (const range of file[carrier]) {
      const [address = '', prefix = ''] = range.split('/')
      const type = isIPv6(address) ? 'ipv6' : 'ipv4'
      if (!isIPv4(address) && !isIPv6(address)) throw new Error(`not an IP range: ${range}`)
      list.addSubnet(address, Number(prefix), type)
    }
    return [carrier, list] as const
  })
  return {
    carrierOf(ip) {
      const address = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip
      const type = isIPv6(address) ? 'ipv6' : isIPv4(address) ? 'ipv4' : null
      if (!type) return null
      const hit = lists.find(([, list]) => list.check(address, type))
      return hit ? (hit[0] as CarrierName) : null
    },
  }
}

export function loadCarrierRanges(file: string): CarrierRanges {
  return parseCarrierRanges(JSON.parse(readFileSync(file, 'utf8')))
}

export const carrierOverrideSchema = carrierSchema.unwrap()
