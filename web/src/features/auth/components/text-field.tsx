import { type InputHTMLAttributes, type Ref, useId, useState } from 'react'
import { t } from '../i18n'

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string
  hint?: string
  /** The Japanese sentence of what is wrong with the value, shown under the field. */
  error?: string | null
  inputRef?: Ref<HTMLInputElement>
  /** Extra class of the input, e.g. a modifier of `field-input`. */
  inputClassName?: string
}

/**
 * A labelled input with its hint and its error, wired for screen readers (`aria-describedby`,
 * `aria-invalid`). Uncontrolled: the value is read on submit, so typing before hydration counts and
 * nothing typed is lost when a request fails.
 */
export function TextField({ label, hint, error, inputRef, inputClassName, ...input }: TextFieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        className={inputClassName ? `field-input ${inputClassName}` : 'field-input'}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  )
}

/** A password input with a "show" switch (typing on a phone is error-prone; let people check). */
export function PasswordField(props: Omit<TextFieldProps, 'type'> & { showLabel?: string }) {
  const [visible, setVisible] = useState(false)
  const { showLabel = t('auth.login.showPassword'), ...field } = props
  return (
    <div className="password-field">
      <TextField
        {...field}
        type={visible ? 'text' : 'password'}
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
      />
      <label className="checkbox">
        <input type="checkbox" checked={visible} onChange={(event) => setVisible(event.target.checked)} />
        <span>{showLabel}</span>
      </label>
    </div>
  )
}
