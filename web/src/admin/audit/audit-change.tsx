import { formatJst } from '@puribox/contract/time'
import { t } from '../i18n'

/** What a masked value reads as in the log's answer (personal data, for a viewer). */
export const MASKED = '***'

type Fields = Readonly<Record<string, unknown>>

function fieldsOf(value: unknown): Fields | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : null
}

/** An instant as recorded (ISO 8601 in UTC, as `toISOString` writes it). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/

/** An instant of the log (UTC) in Japan time, to the second. */
export function japanTime(iso: string): string {
  const [year = '', month = '', day = '', hour = '', minute = '', second = ''] = formatJst(
    new Date(iso),
  ).split(/[-T:]/)
  return t('admin.audit.at', { year, month, day, hour, minute, second })
}

/**
 * A recorded value as an operator reads it: masked data said to be hidden, no value said so, an
 * instant in Japan time.
 */
export function AuditValue({ value }: { value: unknown }) {
  if (value === MASKED) return <span className="audit-masked">{t('admin.audit.value.masked')}</span>
  if (value === null || value === undefined) {
    return <span className="audit-none">{t('admin.audit.value.null')}</span>
  }
  if (value === '') return <span className="audit-none">{t('admin.audit.value.empty')}</span>
  if (typeof value === 'boolean')
    return <>{value ? t('admin.audit.value.true') : t('admin.audit.value.false')}</>
  if (typeof value === 'string' && INSTANT.test(value) && !Number.isNaN(Date.parse(value))) {
    return <time dateTime={value}>{japanTime(value)}</time>
  }
  if (typeof value === 'string' || typeof value === 'number') return <>{String(value)}</>
  return <code className="audit-json">{JSON.stringify(value)}</code>
}

function FieldName({ name }: { name: string }) {
  return <code className="audit-change__field">{name}</code>
}

/**
 * The changed fields of an entry: each field's value before and after. A thing that was new has no
 * "before" (its first values are listed), one that went has no "after" (its last values are).
 */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const was = fieldsOf(before)
  const is = fieldsOf(after)
  const nothing = (value: unknown) => value === null || value === undefined
  if (nothing(before) && nothing(after))
    return <span className="audit-none">{t('admin.audit.change.none')}</span>
  if ((was === null && !nothing(before)) || (is === null && !nothing(after))) {
    // Not a set of fields (never sent today): the two values as they are.
    return (
      <ul className="audit-change">
        <li>
          <Transition before={before} after={after} />
        </li>
      </ul>
    )
  }
  if (was === null || is === null) {
    const values = (was ?? is) as Fields
    return (
      <div className="audit-change">
        {/* What a new thing or an event (a sign-in) recorded needs no title; what went does. */}
        {is === null && <p className="audit-change__title">{t('admin.audit.change.removed')}</p>}
        <ul>
          {Object.entries(values).map(([name, value]) => (
            <li key={name}>
              <FieldName name={name} /> <AuditValue value={value} />
            </li>
          ))}
        </ul>
      </div>
    )
  }
  const names = [...new Set([...Object.keys(was), ...Object.keys(is)])]
  return (
    <ul className="audit-change">
      {names.map((name) => (
        <li key={name}>
          <FieldName name={name} /> <Transition before={was[name]} after={is[name]} />
        </li>
      ))}
    </ul>
  )
}

/** `before → after`, each said for a screen reader. */
function Transition({ before, after }: { before: unknown; after: unknown }) {
  return (
    <span className="audit-change__transition">
      <span className="audit-change__before">
        <span className="visually-hidden">{t('admin.audit.change.before')}</span>
        <AuditValue value={before} />
      </span>
      <span className="audit-change__arrow" aria-hidden="true">
        →
      </span>
      <span className="audit-change__after">
        <span className="visually-hidden">{t('admin.audit.change.after')}</span>
        <AuditValue value={after} />
      </span>
    </span>
  )
}
