/** `2025-11-28T09:05:00` → parts for the `common.dateTime` message (Japan time, as on the wire). */
export function dateTimeParts(
  wire: string,
): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(wire)
  if (!match) return null
  const [, year = '', month = '', day = '', hour = '', minute = ''] = match
  return { year, month: String(Number(month)), day: String(Number(day)), hour, minute }
}
