import {
  BOOTH_ADMIN_LIMITS,
  SHOP_IMPORT_COLUMNS,
  SHOP_IMPORT_OPTIONAL_COLUMNS,
  type ShopImportColumn,
  type ShopImportProblem,
  type ShopImportResult,
} from '@puribox/contract/admin-booths'
import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { Form, FormProblemNotice, SubmitButton } from '../../components/form/form'
import { useContractForm } from '../../components/form/use-contract-form'
import { BOOTH_ERRORS } from './booth-messages'
import { BoothPage, NotAllowed } from './booth-page'
import { SHOPS_PATH } from './booth-paths'
import { BOOTHS_QUERY_KEY, importShopsFile, type ShopImportOutcome } from './booths-api'
import { useBooths } from './booths-context'
import { t } from './i18n'

const MEGABYTE = 1024 * 1024

/** A column as the file's header names it in Japanese (the server reads these or the contract's names). */
export const columnLabel = (column: ShopImportColumn) => t(`adminBooths.import.columns.${column}`)

/** The header line of a shops file, as a spreadsheet would save it. */
export const SAMPLE_HEADER = SHOP_IMPORT_COLUMNS.map(columnLabel).join(',')

/** Where a problem is, as the spreadsheet numbers its rows (the header is row 1). */
function rowOf(problem: ShopImportProblem): string {
  return problem.row === null ? t('adminBooths.import.problems.wholeFile') : String(problem.row)
}

/** What a problem is, in Japanese: the rule the cell breaks, with its column's limit where it has one. */
function problemMessage(problem: ShopImportProblem): string {
  const key = `adminBooths.import.problems.codes.${problem.code}` as const
  switch (problem.code) {
    case 'TOO_MANY_ROWS':
      return t(key, { max: BOOTH_ADMIN_LIMITS.importMaxRows.toLocaleString('ja-JP') })
    case 'TOO_LONG':
      return t(key, { max: problem.column ? (TEXT_LIMITS[problem.column] ?? '') : '' })
    default:
      return t(key)
  }
}

const TEXT_LIMITS: Partial<Record<ShopImportColumn, number>> = {
  name: BOOTH_ADMIN_LIMITS.shopNameMax,
  city: BOOTH_ADMIN_LIMITS.cityMax,
  address: BOOTH_ADMIN_LIMITS.addressMax,
  openingHours: BOOTH_ADMIN_LIMITS.openingHoursMax,
}

/**
 * `/admin/booths/shops/import`: many shops at once from a CSV file, all of it or nothing. The file
 * goes as it is (the server reads UTF-8 and Shift_JIS); a refused file lists every problem by row
 * and column, and nothing of it is imported.
 */
export function ShopImportScreen() {
  const { access } = useBooths()
  return (
    <BoothPage
      title={t('adminBooths.import.title')}
      lead={t('adminBooths.import.lead')}
      trail={[{ href: SHOPS_PATH, label: t('adminBooths.shops.title') }]}
    >
      {access.manage ? <ImportForm /> : <NotAllowed message={t('adminBooths.notAllowed.manage')} />}
      <FileFormat />
    </BoothPage>
  )
}

function ImportForm() {
  const queryClient = useQueryClient()
  const fileRef = useRef<HTMLInputElement>(null)
  const [outcome, setOutcome] = useState<{ name: string; outcome: ShopImportOutcome } | null>(null)
  const form = useContractForm<'file', File, { name: string; outcome: ShopImportOutcome }>({
    fields: ['file'],
    request: () => {
      const file = fileRef.current?.files?.[0]
      if (!file) return { errors: { file: t('adminBooths.import.errors.noFile') } }
      if (file.size > BOOTH_ADMIN_LIMITS.importMaxBytes) {
        return {
          errors: {
            file: t('adminBooths.import.errors.tooLarge', {
              max: BOOTH_ADMIN_LIMITS.importMaxBytes / MEGABYTE,
            }),
          },
        }
      }
      return { input: file }
    },
    send: async (file) => ({ name: file.name, outcome: await importShopsFile(file) }),
    messages: BOOTH_ERRORS,
    onError: () => {
      setOutcome(null)
      return false
    },
    onSuccess: (sent) => {
      setOutcome(sent)
      if (sent.outcome.kind === 'imported') void queryClient.invalidateQueries({ queryKey: BOOTHS_QUERY_KEY })
    },
  })
  const field = form.field('file')
  return (
    <>
      <section className="card console-card" aria-labelledby="shop-import-form-title">
        <h2 id="shop-import-form-title" className="card__title">
          {t('adminBooths.import.formTitle')}
        </h2>
        <Form form={form} className="stack booth-form">
          <div className="field">
            <label className="field-label" htmlFor={field.id}>
              {t('adminBooths.import.file')}
            </label>
            <input
              ref={fileRef}
              id={field.id}
              name={field.name}
              type="file"
              accept=".csv,text/csv"
              className="booth-file"
              aria-invalid={Boolean(field.error)}
              aria-describedby={field.error ? `${field.id}-error ${field.id}-hint` : `${field.id}-hint`}
              onChange={() => setOutcome(null)}
            />
            <p id={`${field.id}-hint`} className="field-hint">
              {t('adminBooths.import.fileHint', {
                max: BOOTH_ADMIN_LIMITS.importMaxBytes / MEGABYTE,
                rows: BOOTH_ADMIN_LIMITS.importMaxRows.toLocaleString('ja-JP'),
              })}
            </p>
            {field.error && (
              <p id={`${field.id}-error`} className="field-error" role="alert">
                {field.error}
              </p>
            )}
          </div>
          <FormProblemNotice problem={form.problem} />
          <div className="booth-form__actions">
            <SubmitButton
              pending={form.pending}
              className="button"
              pendingLabel={t('adminBooths.import.sending')}
            >
              {t('adminBooths.import.submit')}
            </SubmitButton>
          </div>
        </Form>
      </section>
      {outcome?.outcome.kind === 'imported' && (
        <Imported name={outcome.name} result={outcome.outcome.result} />
      )}
      {outcome?.outcome.kind === 'refused' && (
        <Refused name={outcome.name} problems={outcome.outcome.problems} />
      )}
    </>
  )
}

function Imported({ name, result }: { name: string; result: ShopImportResult }) {
  return (
    <section className="notice booth-outcome" role="status" aria-labelledby="shop-import-done-title">
      <h2 id="shop-import-done-title" className="notice__title">
        {t('adminBooths.import.done.title', { name })}
      </h2>
      <dl className="booth-counts">
        <div>
          <dt>{t('adminBooths.import.done.rows')}</dt>
          <dd>{t('adminBooths.import.done.count', { count: result.rows })}</dd>
        </div>
        <div>
          <dt>{t('adminBooths.import.done.created')}</dt>
          <dd>{t('adminBooths.import.done.count', { count: result.created })}</dd>
        </div>
        <div>
          <dt>{t('adminBooths.import.done.changed')}</dt>
          <dd>{t('adminBooths.import.done.count', { count: result.changed })}</dd>
        </div>
        <div>
          <dt>{t('adminBooths.import.done.unchanged')}</dt>
          <dd>{t('adminBooths.import.done.count', { count: result.unchanged })}</dd>
        </div>
      </dl>
    </section>
  )
}

function Refused({ name, problems }: { name: string; problems: readonly ShopImportProblem[] }) {
  return (
    <section className="console-list" aria-labelledby="shop-import-refused-title">
      <div className="notice notice--error" role="alert">
        <h2 id="shop-import-refused-title" className="notice__title">
          {t('adminBooths.import.refused.title', { name })}
        </h2>
        <p>{t('adminBooths.import.refused.body', { count: problems.length })}</p>
      </div>
      <div className="console-table-scroll">
        <table className="console-table booth-problems">
          <caption className="visually-hidden">{t('adminBooths.import.refused.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('adminBooths.import.refused.row')}</th>
              <th scope="col">{t('adminBooths.import.refused.column')}</th>
              <th scope="col">{t('adminBooths.import.refused.problem')}</th>
            </tr>
          </thead>
          <tbody>
            {problems.map((problem, index) => (
              // The same row, column and code can come twice (a header naming two unknown columns).
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is shown as answered, never reordered.
              <tr key={index}>
                <td className="booth-problems__row">{rowOf(problem)}</td>
                <td>
                  {problem.column ? (
                    columnLabel(problem.column)
                  ) : (
                    <span className="booth-none">{t('adminBooths.none')}</span>
                  )}
                </td>
                <td>{problemMessage(problem)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

/** How a shops file is laid out: the header line to copy, and what each column takes. */
function FileFormat() {
  return (
    <section className="card console-card" aria-labelledby="shop-import-format-title">
      <h2 id="shop-import-format-title" className="card__title">
        {t('adminBooths.import.format.title')}
      </h2>
      <div className="stack">
        <p>{t('adminBooths.import.format.lead')}</p>
        {/* Wider than a phone: a region of its own that a keyboard can reach and scroll. */}
        <section
          className="booth-sample"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take focus to be scrolled without a pointer (WCAG 2.1.1)
          tabIndex={0}
          aria-label={t('adminBooths.import.format.sampleLabel')}
        >
          <pre className="booth-sample__text">
            <code>
              {SAMPLE_HEADER}
              {'\n'}
              {t('adminBooths.import.format.sampleRow')}
            </code>
          </pre>
        </section>
        <ul className="booth-columns">
          {SHOP_IMPORT_COLUMNS.map((column) => (
            <li key={column}>
              <span className="booth-columns__name">{columnLabel(column)}</span>
              <code className="booth-code">{column}</code>
              {SHOP_IMPORT_OPTIONAL_COLUMNS.includes(column) && (
                <span className="badge">{t('adminBooths.import.format.optional')}</span>
              )}
              <span className="booth-columns__note">
                {t(`adminBooths.import.format.notes.${column}`, { max: TEXT_LIMITS[column] ?? '' })}
              </span>
            </li>
          ))}
        </ul>
        <p className="note">{t('adminBooths.import.format.same')}</p>
        <p className="note">{t('adminBooths.import.format.encoding')}</p>
      </div>
    </section>
  )
}
