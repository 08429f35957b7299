import { formatJst } from '@puribox/contract/time'

/** `<input type="datetime-local">` gives `YYYY-MM-DDTHH:mm` or with seconds; the wire wants seconds. */
export function toWireDate(inputValue: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(inputValue)) return `${inputValue}:00`
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(inputValue)) return inputValue
  return null
}

/** The value to start the input with: the time-travel date, else now in Japan time. */
export function toInputValue(wireDate: string | null, realNow: Date = new Date()): string {
  return wireDate ?? formatJst(realNow)
}
