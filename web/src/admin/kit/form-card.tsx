import type { ReactNode } from 'react'

/**
 * The card a create or edit screen holds its form in. An edit screen may warn above the form (what
 * saving does to something members see now): `warning`, given even when false, makes room for it.
 */
export function FormCard({ warning, children }: { warning?: string | false; children: ReactNode }) {
  return (
    <section className={warning === undefined ? 'card console-card' : 'card console-card stack'}>
      {warning && <p className="notice notice--warning">{warning}</p>}
      {children}
    </section>
  )
}
