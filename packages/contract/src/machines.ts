import { z } from 'zod'
import { MACHINE_SEARCH_LIMITS } from './machine-search'
import { wrapped } from './wrapper'

// Machine models, shops and the shop search (decision 0042). Rules the web reads without
// zod are in `machine-search.ts`.

/** A model's id: lower-case letters, digits and hyphens (it is in page paths and picture names). */
export const MACHINE_MODEL_ID = /^[a-z0-9][a-z0-9-]{0,63}$/

/** A machine model: what a booth of this kind does. */
export const machineModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameKana: z.string().describe('How the name reads, in katakana.'),
  seriesId: z.string(),
  seriesName: z.string(),
  version: z.string(),
  releasedOn: z.string().describe('YYYY-MM-DD'),
  description: z.string().describe('Plain text; line breaks are \\n.'),
  supportsRawPuri: z.boolean().describe('The booth also keeps the pictures before doodling (raw puri).'),
  supportsIdFederation: z
    .boolean()
    .describe('Plays on it can be kept on PuriBox: the booth prints a seal ID and sends the pictures.'),
  shots: z.number().int().describe('Pictures taken in one play.'),
  samples: z.array(z.string()).describe('Paths of its sample pictures (JPEG, cached for a week).'),
  shopCount: z.number().int().describe('Shops that have one.'),
})
export type MachineModel = z.infer<typeof machineModelSchema>

/** `GET /sp/2/machines/models?isIdFederationSupported=true`: every model, or those whose plays can be kept. */
export const machineModelsQuerySchema = z.object({
  isIdFederationSupported: z
    .enum(['true', 'false'])
    .optional()
    .describe('true: only the models whose plays can be kept on PuriBox.'),
})
export const machineModelsSchema = z.object({ entry: z.array(machineModelSchema) })
export type MachineModels = z.infer<typeof machineModelsSchema>
export const machineModelsResponse = wrapped(machineModelsSchema)

export const shopSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefectureCode: z.number().int().min(1).max(47),
  prefectureName: z.string(),
  city: z.string(),
  address: z.string().describe('What follows the city.'),
  openingHours: z.string().describe('As the shop words it; empty when not known.'),
  position: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  distanceMeters: z
    .number()
    .int()
    .nullable()
    .describe('From the position searched near (rounded to three decimals); null for other searches.'),
  models: z
    .array(z.object({ id: z.string(), name: z.string() }))
    .describe('The models of its machines, each once.'),
})
export type Shop = z.infer<typeof shopSchema>

/** `GET /sp/2/machines/model/:id`: a model and a few of the shops that have one. */
export const machineModelParamsSchema = z.object({ id: z.string().max(MACHINE_SEARCH_LIMITS.modelIdMax) })
export const machineModelDetailSchema = z.object({
  model: machineModelSchema,
  shops: z.array(shopSchema).describe('A few shops that have one (the first of the search by this model).'),
})
export type MachineModelDetail = z.infer<typeof machineModelDetailSchema>
export const machineModelDetailResponse = wrapped(machineModelDetailSchema)

const position = (min: number, max: number) => z.coerce.number().min(min).max(max).optional()

/** `GET /sp/2/machines/shops?…`: the shop search. */
export const shopSearchQuerySchema = z.object({
  prefecture: z.coerce.number().int().min(1).max(47).optional().describe('JIS code, 1-47.'),
  city: z.string().max(MACHINE_SEARCH_LIMITS.cityMax).optional(),
  keyword: z
    .string()
    .max(MACHINE_SEARCH_LIMITS.keywordMax)
    .optional()
    .describe(
      "Words each found in a shop's name, its address (prefecture, city and the rest) or one of its models' names; kana, width and case are read alike. The shops with the words in their names come first, then those with them in their addresses, then those with them only in a model's name.",
    ),
  modelId: z.string().max(MACHINE_SEARCH_LIMITS.modelIdMax).optional(),
  lat: position(-90, 90).describe('With lng: the nearest shops first (within 50 km, at most 100).'),
  lng: position(-180, 180),
  homePrefecture: z.coerce
    .number()
    .int()
    .min(1)
    .max(47)
    .optional()
    .describe(
      "The person's own prefecture, JIS code 1-47 (the web sends the member's profile prefecture): its shops come first, before the order `keyword` gives. Finds the same shops; ignored with `prefecture` or a position.",
    ),
  page: z.coerce.number().int().min(1).max(MACHINE_SEARCH_LIMITS.pageMax).default(1),
})
export type ShopSearchQuery = z.infer<typeof shopSearchQuerySchema>
export const shopSearchSchema = z.object({
  shops: z.array(shopSchema),
  page: z.number().int(),
  pageSize: z.number().int().describe('Shops on a page: 10 near me, 20 otherwise.'),
  total: z
    .number()
    .int()
    .describe(
      'Shops found. A near-me search looks no further than the page asked for: its total counts the shops up to the end of this page (at most 100), and hasMore says whether more follow.',
    ),
  hasMore: z.boolean().describe('Whether the next page has shops.'),
  near: z.boolean().describe('Whether the shops are ordered by distance.'),
})
export type ShopSearch = z.infer<typeof shopSearchSchema>
export const shopSearchResponse = wrapped(shopSearchSchema)

/** `GET /sp/2/machines/cities?prefecture=`: the cities of a prefecture that have shops. */
export const shopCitiesQuerySchema = z.object({ prefecture: z.coerce.number().int().min(1).max(47) })
export const shopCitiesSchema = z.object({
  entry: z.array(z.object({ name: z.string(), shopCount: z.number().int() })),
})
export type ShopCities = z.infer<typeof shopCitiesSchema>
export const shopCitiesResponse = wrapped(shopCitiesSchema)

/** `GET /sp/2/machines/samples/:file`: `{modelId}-{n}.jpg`. */
export const machineSampleParamsSchema = z.object({ file: z.string().max(80) })
