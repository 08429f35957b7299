import Bowser from 'bowser'
import text from '../../locales/ja/sessions.json' with { type: 'json' }

/** The names people know their phone or computer by, for what the parser calls its system. */
const SYSTEMS: Readonly<Record<string, string>> = {
  Android: 'Android',
  Windows: 'Windows',
  macOS: 'Mac',
  'Chrome OS': 'Chromebook',
  Linux: 'Linux',
}

/** Shorter names for browsers the parser names at length. */
const BROWSERS: Readonly<Record<string, string>> = {
  'Microsoft Edge': 'Edge',
  'Samsung Internet for Android': 'Samsung Internet',
}

/**
 * A label for the list of a member's sessions: the phone or computer and the browser a session was
 * signed in on (iPhone and Safari, Android and Chrome, iPhone and LINE's own browser, joined by the
 * Japanese middle dot), or null when the User-Agent names neither. It is what a person recognises
 * their own phone by; it proves nothing.
 */
export function deviceLabel(userAgent: string | undefined): string | null {
  if (!userAgent) return null
  const parser = Bowser.getParser(userAgent)
  const model = parser.getPlatform().model
  const system = parser.getOSName()
  const device = model === 'iPhone' || model === 'iPad' ? model : (SYSTEMS[system] ?? (system || null))
  // LINE's own browser (links opened in a chat) says so after the Safari or Chrome it is built on.
  const browserName = / Line\//.test(userAgent) ? 'LINE' : parser.getBrowserName()
  const browser = BROWSERS[browserName] ?? (browserName || null)
  if (!device && !browser) return null
  return [device, browser].filter(Boolean).join(text.deviceSeparator).slice(0, 60)
}
