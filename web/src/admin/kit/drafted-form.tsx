import {
  type ComponentType,
  Fragment,
  type ReactNode,
  type RefObject,
  useEffect,
  useRef,
  useState,
} from 'react'
import { clearDraft, readDraft, saveDraft } from '../../components/form/form-draft'
import { t } from '../i18n'

/** A form's draft kept in this tab: its key, whether the form came back from it, a way to start again. */
export interface KeptDraft {
  key: string
  /** The form shows a half-typed draft rather than what is stored. */
  restored: boolean
  /** Forgets the draft and draws the form afresh from what is stored. */
  discard: () => void
}

/**
 * Around a form that keeps what is typed in this tab (form-draft.ts, the form's `draft` option): it
 * tells the form whether it came back from a draft, and starting again from what is stored draws a
 * new form (a new key), which finds no draft to read.
 */
export function DraftedForm({
  draft,
  children,
}: {
  draft: string
  children: (kept: KeptDraft) => ReactNode
}) {
  const [generation, setGeneration] = useState(0)
  const [restored] = useState(() => readDraft(draft) !== null)
  const kept: KeptDraft = {
    key: draft,
    restored: restored && generation === 0,
    discard: () => {
      clearDraft(draft)
      setGeneration(generation + 1)
    },
  }
  return <Fragment key={generation}>{children(kept)}</Fragment>
}

/**
 * A form component that keeps its draft in this tab: its fields (`Fields`, told of the draft as
 * `kept`) drawn inside a DraftedForm, under the key `draftOf` names from the props.
 */
export function withDraft<P extends { kept: KeptDraft }>(
  Fields: ComponentType<P>,
  draftOf: (props: Omit<P, 'kept'>) => string,
) {
  return function Drafted(props: Omit<P, 'kept'>) {
    return (
      <DraftedForm draft={draftOf(props)}>{(kept) => <Fields {...({ ...props, kept } as P)} />}</DraftedForm>
    )
  }
}

/**
 * Above a form that came back from this tab's draft: says so, with a way to start again from what is
 * stored. Nothing when the form did not.
 */
export function DraftRestored({ kept }: { kept: KeptDraft }) {
  if (!kept.restored) return null
  return (
    <div className="notice" role="status">
      <p>{t('admin.form.restored')}</p>
      <button type="button" className="button button--secondary button--small" onClick={kept.discard}>
        {t('admin.form.discard')}
      </button>
    </div>
  )
}

/**
 * Keeps in the tab's draft what the form's change event does not see: choices a screen holds itself
 * (in hidden fields), saved when `choices` (their text) changes, and not when the form first shows them.
 */
export function useChoicesKept(
  kept: KeptDraft,
  form: { formProps: { ref: RefObject<HTMLFormElement | null> } },
  choices: string,
) {
  const savedChoices = useRef(choices)
  const formRef = form.formProps.ref
  useEffect(() => {
    if (choices === savedChoices.current) return
    savedChoices.current = choices
    if (formRef.current) saveDraft(kept.key, formRef.current)
  }, [choices, formRef, kept.key])
}
