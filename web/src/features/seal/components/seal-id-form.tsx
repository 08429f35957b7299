import { links } from '@puribox/contract/pages'
import { normalizeSealId } from '@puribox/contract/seal-id'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import { TextField } from '../../../components/form/text-field'
import { t } from '../../../lib/i18n'
import { accountSelfQueryKey } from '../../account/api/get-account-self'
import { sealDestination } from '../seal-paths'
import './seal-id-form.css'
import type { MembershipStatus } from '@puribox/contract/membership'

type Problem = 'empty' | 'malformed'

interface SealIdFormProps {
  /** What the person typed before (kept as typed, never reformatted). */
  initialValue?: string
  /** Called with the normalised ID; by default members go to save it, guests to the puri-get page. */
  onValidSealId?: (sealId: string) => void
  /** The button's words where the form saves rather than shows (my page); "see the puri" otherwise. */
  submitLabel?: string
}

/**
 * The seal-ID entry. The ID is checked here first (a malformed ID is not worth a request); what the
 * person typed stays in the field whatever happens. The field is read when the form is sent, not kept
 * in state: on a prerendered page the person may type before the app has hydrated it. It sends no
 * request itself (the page it leads to looks the seal up), so of the form kit it takes the text field
 * only: it is on the top page, whose first load must stay small.
 */
export function SealIdForm({ initialValue = '', onValidSealId, submitLabel }: SealIdFormProps) {
  const [, navigate] = useLocation()
  const queryClient = useQueryClient()
  const [problem, setProblem] = useState<Problem | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const value = inputRef.current?.value ?? ''
    const sealId = normalizeSealId(value)
    if (!sealId) {
      setProblem(value.trim() === '' ? 'empty' : 'malformed')
      inputRef.current?.focus()
      return
    }
    setProblem(null)
    if (onValidSealId) onValidSealId(sealId)
    else {
      // Who is looking, as the frame already asked (no request of its own): unknown counts as a guest.
      const status = queryClient.getQueryData<{ membershipStatus: MembershipStatus }>(accountSelfQueryKey)
      navigate(sealDestination(sealId, status !== undefined && status.membershipStatus !== 'GUEST'))
    }
  }

  return (
    // Sent before the app has started (or without JavaScript), the form still goes to the seal:
    // the puri-get page looks it up for a guest and saves it for a member.
    <form className="seal-form" noValidate onSubmit={onSubmit} action={links.puriGet} method="get">
      <TextField
        inputRef={inputRef}
        label={t('sealForm.label')}
        hint={t('sealForm.hint')}
        error={problem && t(`sealForm.errors.${problem}`)}
        inputClassName="seal-form__input"
        type="text"
        name="sealId"
        defaultValue={initialValue}
        placeholder={t('sealForm.placeholder')}
        inputMode="text"
        autoCapitalize="characters"
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint="go"
        maxLength={40}
      />
      <button type="submit" className="button button--block">
        {submitLabel ?? t('sealForm.submit')}
      </button>
    </form>
  )
}
