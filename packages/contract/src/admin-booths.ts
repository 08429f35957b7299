import { z } from 'zod'
import { isInJapan } from './machine-search'
import { MACHINE_MODEL_ID } from './machines'
import { ADMINS, EDITORS, OPERATORS, route } from './routes'
import { wrapped } from './wrapper'

/**
 * The operators' console for booths: machine models, shops (one by one or a CSV file of them),
 * the machines standing in them and the machines' keys. Times are ISO 8601 instants (UTC), as an
 * operator's screen converts them; a machine key itself is answered once, when it is issued.
 */

export const BOOTH_ADMIN_LIMITS = {
  shopNameMax: 100,
  cityMax: 40,
  addressMax: 200,
  openingHoursMax: 200,
  modelNameMax: 100,
  seriesIdMax: 64,
  seriesNameMax: 100,
  versionMax: 40,
  descriptionMax: 2000,
  shotsMax: 99,
  /** Sample pictures are named `<model>-<n>.jpg` with one or two digits. */
  sampleCountMax: 99,
  machineNameMax: 100,
  reasonMax: 500,
  searchMax: 50,
  pageSizeDefault: 50,
  pageSizeMax: 100,
  /** A shops file (CSV) is at most this many bytes… */
  importMaxBytes: 5 * 1024 * 1024,
  /** …and this many shops. */
  importMaxRows: 10_000,
} as const

/** A machine's id: what the booth is known by (lower-case letters, digits and hyphens, as a model's id). */
export const MACHINE_ID = MACHINE_MODEL_ID

/** The id of a machine key as the console names it (never the key, nor its hash). */
export const MACHINE_KEY_ID = /^[0-9a-f]{16}$/

// Control characters (tab and line breaks included) have no place in a one-line field, and the
// database can keep neither a NUL nor half of a surrogate pair.
const CONTROL = /[\p{Cc}\p{Cs}]/u
// biome-ignore lint/suspicious/noControlCharactersInRegex: this is the check for them.
const CONTROL_BUT_LINE_BREAKS = /[\p{Cs}\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/u

/** A one-line text: trimmed, no control characters nor lone surrogates, from `min` to `max` characters. */
function line(max: number, min = 1) {
  return z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((value) => !CONTROL.test(value), 'no control characters')
}

const instant = z.string().describe('ISO 8601 instant, UTC.')
const reason = line(BOOTH_ADMIN_LIMITS.reasonMax, 0)
  .optional()
  .describe('Why, in the operator’s words: kept in the audit log.')

export const positionSchema = z
  .object({ lat: z.number(), lng: z.number() })
  .refine((p) => isInJapan(p.lat, p.lng), 'the position is not in Japan')
  .describe('WGS 84 degrees; null while the position is not known.')

// Machine models

export const machineModelIdSchema = z.string().regex(MACHINE_MODEL_ID)

const modelFields = {
  name: line(BOOTH_ADMIN_LIMITS.modelNameMax),
  nameKana: line(BOOTH_ADMIN_LIMITS.modelNameMax).describe('How the name reads, in katakana.'),
  seriesId: z.string().regex(MACHINE_MODEL_ID),
  seriesName: line(BOOTH_ADMIN_LIMITS.seriesNameMax),
  version: line(BOOTH_ADMIN_LIMITS.versionMax),
  releasedOn: z.iso.date().describe('YYYY-MM-DD'),
  description: z
    .string()
    .trim()
    .max(BOOTH_ADMIN_LIMITS.descriptionMax)
    .refine((value) => !CONTROL_BUT_LINE_BREAKS.test(value), 'no control characters but line breaks')
    .describe('Plain text; line breaks are \\n.'),
  supportsRawPuri: z.boolean(),
  supportsIdFederation: z.boolean(),
  shots: z.number().int().min(1).max(BOOTH_ADMIN_LIMITS.shotsMax),
  sampleCount: z
    .number()
    .int()
    .min(0)
    .max(BOOTH_ADMIN_LIMITS.sampleCountMax)
    .describe('How many sample pictures the model has in storage (`<id>-1.jpg` and on).'),
}

export const machineModelCreateSchema = z.object({ id: machineModelIdSchema, ...modelFields })
export type MachineModelCreate = z.infer<typeof machineModelCreateSchema>

export const machineModelChangeSchema = z.object({ ...modelFields, reason }).partial()
export type MachineModelChange = z.infer<typeof machineModelChangeSchema>

export const adminMachineModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameKana: z.string(),
  seriesId: z.string(),
  seriesName: z.string(),
  version: z.string(),
  releasedOn: z.string(),
  description: z.string(),
  supportsRawPuri: z.boolean(),
  supportsIdFederation: z.boolean(),
  shots: z.number().int(),
  sampleCount: z.number().int(),
  createdAt: instant,
})
export type AdminMachineModel = z.infer<typeof adminMachineModelSchema>

export const adminMachineModelsSchema = z.object({ models: z.array(adminMachineModelSchema) })
export type AdminMachineModels = z.infer<typeof adminMachineModelsSchema>

export const machineModelParamsSchema = z.object({ modelId: machineModelIdSchema })

// Shops

const shopFields = {
  name: line(BOOTH_ADMIN_LIMITS.shopNameMax),
  prefectureCode: z.number().int().min(1).max(47).describe('JIS code, 1-47; the name follows from it.'),
  city: line(BOOTH_ADMIN_LIMITS.cityMax),
  address: line(BOOTH_ADMIN_LIMITS.addressMax).describe('What follows the city.'),
  openingHours: line(BOOTH_ADMIN_LIMITS.openingHoursMax, 0).describe(
    'As the shop words it; empty when not known.',
  ),
  position: positionSchema.nullable(),
}

export const shopCreateSchema = z.object(shopFields)
export type ShopCreate = z.infer<typeof shopCreateSchema>

export const shopChangeSchema = z.object({ ...shopFields, reason }).partial()
export type ShopChange = z.infer<typeof shopChangeSchema>

export const adminShopSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefectureCode: z.number().int(),
  prefectureName: z.string(),
  city: z.string(),
  address: z.string(),
  openingHours: z.string(),
  position: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  machineCount: z.number().int(),
  createdAt: instant,
})
export type AdminShop = z.infer<typeof adminShopSchema>

const pageSize = z.coerce
  .number()
  .int()
  .min(1)
  .max(BOOTH_ADMIN_LIMITS.pageSizeMax)
  .default(BOOTH_ADMIN_LIMITS.pageSizeDefault)
const cursor = z
  .string()
  .max(1000)
  .optional()
  .describe('`next` of the previous page: the page after it. Absent: the first page.')

export const shopListQuerySchema = z.object({
  q: line(BOOTH_ADMIN_LIMITS.searchMax, 0).optional().describe('Part of the name, the city or the address.'),
  prefecture: z.coerce.number().int().min(1).max(47).optional(),
  city: line(BOOTH_ADMIN_LIMITS.cityMax, 0).optional().describe('The whole city name.'),
  after: cursor,
  limit: pageSize,
})
export type ShopListQuery = z.infer<typeof shopListQuerySchema>

export const adminShopPageSchema = z.object({
  shops: z.array(adminShopSchema).describe('By prefecture (north to south), city, name.'),
  next: z.string().nullable().describe('Where the next page starts; null on the last page.'),
})
export type AdminShopPage = z.infer<typeof adminShopPageSchema>

export const shopParamsSchema = z.object({ shopId: z.uuid() })

/**
 * The columns of a shops file, in the header row by these names (or their Japanese labels, which
 * the server's locale lists). A shop is the same shop when its name, prefecture, city and address
 * are (after Unicode NFKC and collapsing spaces): importing a file again changes such a shop's
 * hours and position rather than adding it twice.
 */
export const SHOP_IMPORT_COLUMNS = [
  'name',
  'prefectureCode',
  'prefectureName',
  'city',
  'address',
  'openingHours',
  'latitude',
  'longitude',
] as const
export type ShopImportColumn = (typeof SHOP_IMPORT_COLUMNS)[number]

/** Columns a file may leave out of its header: then every shop's value is empty. */
export const SHOP_IMPORT_OPTIONAL_COLUMNS: readonly ShopImportColumn[] = [
  'openingHours',
  'latitude',
  'longitude',
]

/** What can be wrong with a shops file, at a row and column or with the file as a whole. */
export const SHOP_IMPORT_PROBLEMS = [
  /** Neither UTF-8 (with or without BOM) nor Shift_JIS. */
  'ENCODING_UNKNOWN',
  /** Not CSV: a quote left open, a stray quote inside a field. */
  'CSV_MALFORMED',
  /** The file has a header and no shops. */
  'FILE_EMPTY',
  'TOO_MANY_ROWS',
  /** A column the header lacks, names twice, or does not know. */
  'COLUMN_MISSING',
  'COLUMN_DUPLICATED',
  'COLUMN_UNKNOWN',
  /** A row with more or fewer fields than the header. */
  'FIELD_COUNT',
  'REQUIRED',
  'TOO_LONG',
  'CONTROL_CHARACTER',
  'PREFECTURE_CODE_INVALID',
  /** The prefecture's name is not the name of its code. */
  'PREFECTURE_NAME_MISMATCH',
  'NOT_A_NUMBER',
  /** Latitude without longitude, or the reverse. */
  'POSITION_INCOMPLETE',
  'POSITION_OUTSIDE_JAPAN',
  /** The same shop (name, prefecture, city, address) on an earlier row of the file. */
  'DUPLICATE_SHOP',
] as const
export type ShopImportProblemCode = (typeof SHOP_IMPORT_PROBLEMS)[number]

export const shopImportProblemSchema = z.object({
  row: z
    .number()
    .int()
    .nullable()
    .describe('The row as a spreadsheet numbers it (the header is row 1); null for the file as a whole.'),
  column: z.enum(SHOP_IMPORT_COLUMNS).nullable(),
  code: z.enum(SHOP_IMPORT_PROBLEMS),
})
export type ShopImportProblem = z.infer<typeof shopImportProblemSchema>

export const shopImportResultSchema = z.object({
  rows: z.number().int().describe('Shops in the file.'),
  created: z.number().int(),
  changed: z.number().int().describe('Shops already there whose hours or position the file changed.'),
  unchanged: z.number().int(),
})
export type ShopImportResult = z.infer<typeof shopImportResultSchema>

// Machines

export const machineIdSchema = z.string().regex(MACHINE_ID)

export const machineCreateSchema = z.object({
  id: machineIdSchema.describe('What the booth is known by; a play it pushes may name it.'),
  modelId: machineModelIdSchema,
  name: line(BOOTH_ADMIN_LIMITS.machineNameMax).optional().describe("The model's name when absent."),
  version: line(BOOTH_ADMIN_LIMITS.versionMax).optional().describe("The model's version when absent."),
})
export type MachineCreate = z.infer<typeof machineCreateSchema>

export const machineChangeSchema = z
  .object({
    shopId: z.uuid().describe('Moves the machine to another shop.'),
    modelId: machineModelIdSchema,
    name: line(BOOTH_ADMIN_LIMITS.machineNameMax),
    version: line(BOOTH_ADMIN_LIMITS.versionMax),
    reason,
  })
  .partial()
export type MachineChange = z.infer<typeof machineChangeSchema>

export const adminMachineSchema = z.object({
  id: z.string(),
  shopId: z.string(),
  modelId: z.string().nullable(),
  name: z.string(),
  seriesId: z.string(),
  version: z.string(),
  createdAt: instant,
  liveKeys: z.number().int().describe('Keys not revoked: a machine with none cannot push.'),
  lastPushAt: instant.nullable().describe('When its last play arrived; null if none ever did.'),
})
export type AdminMachine = z.infer<typeof adminMachineSchema>

export const machineListQuerySchema = z.object({ after: cursor, limit: pageSize })
export type MachineListQuery = z.infer<typeof machineListQuerySchema>

export const adminMachinePageSchema = z.object({
  machines: z.array(adminMachineSchema).describe('By id.'),
  next: z.string().nullable().describe('Where the next page starts; null on the last page.'),
})
export type AdminMachinePage = z.infer<typeof adminMachinePageSchema>

export const machineParamsSchema = z.object({ machineId: machineIdSchema })

// Machine keys

export const machineKeySchema = z.object({
  id: z.string().describe('Names the key in the console; it is neither the key nor its hash.'),
  createdAt: instant,
  revokedAt: instant.nullable(),
})
export type MachineKey = z.infer<typeof machineKeySchema>

export const adminMachineDetailSchema = z.object({
  machine: adminMachineSchema,
  keys: z.array(machineKeySchema).describe('Newest first.'),
})
export type AdminMachineDetail = z.infer<typeof adminMachineDetailSchema>

export const issuedMachineKeySchema = machineKeySchema.extend({
  key: z
    .string()
    .describe(
      'The key, shown this once: the booth sends it as `Authorization: Bearer <key>`. Only its hash is kept.',
    ),
})
export type IssuedMachineKey = z.infer<typeof issuedMachineKeySchema>

export const machineKeyParamsSchema = z.object({
  machineId: machineIdSchema,
  keyId: z.string().regex(MACHINE_KEY_ID),
})

export const machineKeyRevokeSchema = z.object({ reason })
export type MachineKeyRevoke = z.infer<typeof machineKeyRevokeSchema>

// The routes

const BOOTHS = '/admin/api/booths'
const AUDITED =
  'The change and its event are one transaction: the audit log records who, when, the changed fields before and after, and the reason.'

/**
 * The console's routes for booths. Every operator reads; editors and admins register and change
 * models, shops and machines; only admins issue and revoke machine keys (`booth.policy.ts` decides
 * the same again in the service).
 */
export const adminBoothsApi = {
  adminMachineModels: route({
    method: 'GET',
    path: `${BOOTHS}/models`,
    roles: OPERATORS,
    tag: 'admin',
    summary: 'Every machine model, the newest first.',
    response: wrapped(adminMachineModelsSchema),
  }),
  adminMachineModelCreate: route({
    method: 'POST',
    path: `${BOOTHS}/models`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Registers a machine model.',
    description: AUDITED,
    errors: ['MACHINE_MODEL_TAKEN'],
    body: machineModelCreateSchema,
    response: wrapped(adminMachineModelSchema),
  }),
  adminMachineModelChange: route({
    method: 'PUT',
    path: `${BOOTHS}/models/:modelId`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Changes the fields of a machine model the body names; the others stay.',
    description: AUDITED,
    errors: ['MACHINE_NOT_FOUND'],
    params: machineModelParamsSchema,
    body: machineModelChangeSchema,
    response: wrapped(adminMachineModelSchema),
  }),
  adminShops: route({
    method: 'GET',
    path: `${BOOTHS}/shops`,
    roles: OPERATORS,
    tag: 'admin',
    summary: 'A page of shops by prefecture, city and name, found by part of a name or address.',
    query: shopListQuerySchema,
    response: wrapped(adminShopPageSchema),
  }),
  adminShopCreate: route({
    method: 'POST',
    path: `${BOOTHS}/shops`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Registers a shop.',
    description: `SHOP_TAKEN when a shop has the same name, prefecture, city and address (compared after Unicode NFKC and collapsing spaces). ${AUDITED}`,
    errors: ['SHOP_TAKEN'],
    body: shopCreateSchema,
    response: wrapped(adminShopSchema),
  }),
  adminShopsImport: route({
    method: 'POST',
    path: `${BOOTHS}/shops/import`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Imports a shops file (CSV), all of it or nothing.',
    description: `The body is the file as Excel saves it (\`Content-Type: text/csv\`, at most ${BOOTH_ADMIN_LIMITS.importMaxBytes / 1024 / 1024} MB and ${BOOTH_ADMIN_LIMITS.importMaxRows} shops): UTF-8 with or without a byte order mark, or Shift_JIS. The header row names the columns (SHOP_IMPORT_COLUMNS, or their Japanese labels). Any problem refuses the whole file with SHOP_IMPORT_INVALID and \`error.importProblems\` (row, column, code each); a shop already there (same name, prefecture, city and address) takes the file's hours and position, so a file imported again adds nothing. Each shop created or changed is audited, and the import once more.`,
    errors: ['SHOP_IMPORT_INVALID'],
    response: wrapped(shopImportResultSchema),
  }),
  adminShop: route({
    method: 'GET',
    path: `${BOOTHS}/shops/:shopId`,
    roles: OPERATORS,
    tag: 'admin',
    summary: 'A shop.',
    errors: ['SHOP_NOT_FOUND'],
    params: shopParamsSchema,
    response: wrapped(adminShopSchema),
  }),
  adminShopChange: route({
    method: 'PUT',
    path: `${BOOTHS}/shops/:shopId`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Changes the fields of a shop the body names; the others stay.',
    description: AUDITED,
    errors: ['SHOP_NOT_FOUND', 'SHOP_TAKEN'],
    params: shopParamsSchema,
    body: shopChangeSchema,
    response: wrapped(adminShopSchema),
  }),
  adminShopMachines: route({
    method: 'GET',
    path: `${BOOTHS}/shops/:shopId/machines`,
    roles: OPERATORS,
    tag: 'admin',
    summary: "A page of a shop's machines by id, each with its live keys and its last push.",
    errors: ['SHOP_NOT_FOUND'],
    params: shopParamsSchema,
    query: machineListQuerySchema,
    response: wrapped(adminMachinePageSchema),
  }),
  adminMachineCreate: route({
    method: 'POST',
    path: `${BOOTHS}/shops/:shopId/machines`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Registers a machine in a shop; it pushes plays once an admin issues its key.',
    description: AUDITED,
    errors: ['SHOP_NOT_FOUND', 'MACHINE_NOT_FOUND', 'BOOTH_MACHINE_TAKEN'],
    params: shopParamsSchema,
    body: machineCreateSchema,
    response: wrapped(adminMachineSchema),
  }),
  adminMachine: route({
    method: 'GET',
    path: `${BOOTHS}/machines/:machineId`,
    roles: OPERATORS,
    tag: 'admin',
    summary: 'A machine with its keys (never a key itself) and when its last play arrived.',
    errors: ['BOOTH_MACHINE_NOT_FOUND'],
    params: machineParamsSchema,
    response: wrapped(adminMachineDetailSchema),
  }),
  adminMachineChange: route({
    method: 'PUT',
    path: `${BOOTHS}/machines/:machineId`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Renames a machine, or moves it to another shop or model (its series follows the model).',
    description: AUDITED,
    errors: ['BOOTH_MACHINE_NOT_FOUND', 'SHOP_NOT_FOUND', 'MACHINE_NOT_FOUND'],
    params: machineParamsSchema,
    body: machineChangeSchema,
    response: wrapped(adminMachineSchema),
  }),
  adminMachineKeyIssue: route({
    method: 'POST',
    path: `${BOOTHS}/machines/:machineId/keys`,
    roles: ADMINS,
    tag: 'admin',
    summary: 'Issues a new key for a machine, answered this once.',
    description: `Only the key's SHA-256 is kept: nobody can show it again, and a lost key is revoked and another issued. ${AUDITED}`,
    errors: ['BOOTH_MACHINE_NOT_FOUND'],
    params: machineParamsSchema,
    response: wrapped(issuedMachineKeySchema),
  }),
  adminMachineKeyRevoke: route({
    method: 'POST',
    path: `${BOOTHS}/machines/:machineId/keys/:keyId/revoke`,
    roles: ADMINS,
    tag: 'admin',
    summary: "Revokes a machine's key: the booth's next push with it is refused.",
    description: `Every push looks its key up, so the refusal (MACHINE_KEY_INVALID) is immediate. A key revoked already is answered as it is. ${AUDITED}`,
    errors: ['BOOTH_MACHINE_NOT_FOUND', 'MACHINE_KEY_NOT_FOUND'],
    params: machineKeyParamsSchema,
    body: machineKeyRevokeSchema,
    response: wrapped(machineKeySchema),
  }),
}
