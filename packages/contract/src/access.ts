import { z } from 'zod'
import { wrapped } from './wrapper'

/** Mobile carrier of the connection; null means wifi (or anything not a carrier network). */
export const carrierSchema = z.enum(['ezweb', 'docomo', 'softbank']).nullable()
export type Carrier = z.infer<typeof carrierSchema>

/** APPLI: inside the native app (the shared frame is hidden). WEB: a browser. */
export const clientKindSchema = z.enum(['APPLI', 'WEB'])

export const accessSchema = z.object({ carrier: carrierSchema, client: clientKindSchema })
export type Access = z.infer<typeof accessSchema>

export const accessResponse = wrapped(accessSchema)
