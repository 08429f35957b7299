import fc from 'fast-check'

/**
 * What attackers and broken clients send: for fuzzing the API from its contract. Any of these may
 * land in any field; the server must answer a typed 4xx (or accept it), never fail.
 */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\r\n',
  "'; DROP TABLE accounts; --",
  "' OR '1'='1",
  '"; SELECT pg_sleep(10); --',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  'puri.jpg\u0000.php',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001b[31m\u007f',
  '\r\nSet-Cookie: pbx_session=planted',
  '\ud800',
  '\udfff',
  'hana\ud83d',
  '\u202egpj.exe',
  '\u200f\u200e\u200b\u2060',
  '\ufeff',
  '👩‍👩‍👧‍👦',
  'ABCDE－12345',
  'ｈａｎａ＠ｅｘａｍｐｌｅ．ｊｐ',
  'é',
  '𝕏'.repeat(40),
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '0x1F',
  '9'.repeat(400),
  '1.5',
  '-1',
  '00000001',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '[object Object]',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${7*7}',
  '{{7*7}}',
  '%s%s%n',
  '%',
  '%zz',
  '%E0%A4%A',
  'javascript:alert(1)',
  '//evil.example',
  'https://evil.example/',
  // Dates at and past the edges of what a database keeps.
  '0001-01-01T00:00:00',
  '0000-01-01T00:00:00',
  '9999-12-31T23:59:59',
  '2026-02-29T00:00:00',
  '1970-01-01T00:00:00',
  '2026-11-20T12:00:00+09:00',
  'a@b',
  `${'a'.repeat(64)}@example.jp`,
  '@',
  'user@[127.0.0.1]',
  'user@localhost',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(5000),
  'あ'.repeat(2000),
]

const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code))

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  // Any UTF-16 unit: control characters and lone surrogates included.
  { weight: 1, arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 30 }) },
)

/** Text a header can carry at all (a real client cannot send control characters there). */
export const hostileHeaderValue: fc.Arbitrary<string> = hostileString.filter((value) =>
  /^[\t\x20-\x7e]*$/.test(value),
)

export const hostileNumber: fc.Arbitrary<number> = fc.constantFrom(
  1e308,
  -1e308,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 63),
  2 ** 31,
  2 ** 32,
  0,
  -0,
  -1,
  0.1,
  1.5,
  99,
  100,
)

/** Own properties named like Object.prototype's, as JSON.parse makes them. */
const prototypeKeyed = fc.constantFrom(
  JSON.parse('{"__proto__":{"polluted":"yes"}}'),
  JSON.parse('{"constructor":{"prototype":{"polluted":"yes"}}}'),
  JSON.parse('{"toString":"x","valueOf":1,"hasOwnProperty":null}'),
)

/** Arrays nested deeper than any parser or validator should recurse without care. */
const deeplyNested = fc.integer({ min: 50, max: 400 }).map((depth) => {
  let value: unknown = 'deep'
  for (let i = 0; i < depth; i++) value = [value]
  return value
})

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
  // Objects and arrays where strings belong.
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: prototypeKeyed },
  { weight: 1, arbitrary: deeplyNested },
)

/** Keys a client may add that the schema does not name. */
export const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'accountId',
  'membershipStatus',
  'isAdmin',
  '',
]

export interface RawBody {
  contentType?: string
  payload?: string | Buffer
}

/** Bodies that are not the JSON object a route expects: broken, empty, too big, of the wrong type. */
export const HOSTILE_RAW_BODIES: readonly RawBody[] = [
  { contentType: 'application/json' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: '{' },
  { contentType: 'application/json', payload: '{"mailAddress":' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '[]' },
  { contentType: 'application/json', payload: '"text"' },
  { contentType: 'application/json', payload: '123' },
  { contentType: 'application/json', payload: '{"a":1,"a":2}' },
  { contentType: 'application/json', payload: '{"__proto__":{"polluted":"yes"}}' },
  { contentType: 'application/json', payload: '{"constructor":{"prototype":{"polluted":"yes"}}}' },
  { contentType: 'application/json', payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) },
  { contentType: 'application/json', payload: '\ufeff{}' },
  { contentType: 'application/json', payload: `${'['.repeat(20_000)}${']'.repeat(20_000)}` },
  { contentType: 'application/json', payload: JSON.stringify({ mailAddress: 'x'.repeat(70_000) }) },
  { contentType: 'application/json; charset=utf-16le', payload: '{}' },
  { contentType: 'application/json; charset=latin1', payload: '{}' },
  { contentType: 'Application/JSON', payload: '{}' },
  { contentType: 'text/plain', payload: '{}' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'mailAddress=a%40b.jp&password=x' },
  { contentType: 'application/xml', payload: '<a/>' },
  {
    contentType: 'multipart/form-data; boundary=xyz',
    payload: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--xyz--\r\n',
  },
  { contentType: 'multipart/form-data', payload: 'garbage' },
  { payload: '{}' },
]

export const hostileRawBody: fc.Arbitrary<RawBody> = fc.constantFrom(...HOSTILE_RAW_BODIES)

/** Query strings no form makes. */
export const HOSTILE_QUERIES: readonly string[] = [
  '?__proto__[polluted]=yes',
  '?constructor[prototype][polluted]=yes',
  '?a[b][c]=d',
  '?%zz=%zz',
  '?=&&=&',
  `?${'q=1&'.repeat(2000)}`,
  `?x=${'y'.repeat(10_000)}`,
]

export const hostileQuery: fc.Arbitrary<string> = fc.constantFrom(...HOSTILE_QUERIES)
