import { useState } from 'react'
import { t } from './i18n'
import { TextField, type TextFieldProps } from './text-field'

/** A password input with a "show" switch (typing on a phone is error-prone; let people check). */
export function PasswordField({
  showLabel = t('form.showPassword'),
  ...field
}: Omit<TextFieldProps, 'type'> & { showLabel?: string }) {
  const [visible, setVisible] = useState(false)
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
