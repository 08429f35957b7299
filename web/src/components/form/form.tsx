import type { ButtonHTMLAttributes, FormHTMLAttributes, ReactNode } from 'react'
import { ErrorSummary } from './error-summary'
import type { ContractForm, FormProblem } from './use-contract-form'

type FormProps<F extends string> = Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'onChange' | 'noValidate'
> & { form: ContractForm<F> }

/** The `<form>` of a useContractForm, with its error summary first. */
export function Form<F extends string>({ form, children, ...rest }: FormProps<F>) {
  return (
    <form {...rest} {...form.formProps}>
      <ErrorSummary summary={form.summary} />
      {children}
    </form>
  )
}

/**
 * The form's button: busy (disabled, and `pendingLabel` when given) while the request is out, so a
 * second tap sends nothing.
 */
export function SubmitButton({
  pending,
  pendingLabel,
  className = 'button button--block',
  disabled,
  children,
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & { pending: boolean; pendingLabel?: ReactNode }) {
  return (
    <button type="submit" className={className} disabled={pending || disabled} {...rest}>
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </button>
  )
}

/** A failure that belongs to no field, above the button; `children` adds a way out (e.g. to log in). */
export function FormProblemNotice({
  problem,
  id,
  children,
}: {
  problem: FormProblem | null
  id?: string
  children?: ReactNode
}) {
  if (!problem) return null
  return (
    <div id={id} className="notice notice--error" role="alert">
      <p>{problem.message}</p>
      {children}
    </div>
  )
}
