import { useState } from 'react'
import {
  type ContractForm,
  type SentFormOptions,
  useContractForm,
} from '../../components/form/use-contract-form'

/**
 * A console form that creates something or changes it. `send` answers null when there was nothing
 * to send (no field changed): the form then says so (FormEnd shows `nothingChanged`) until the next
 * try, rather than leaving; what was saved goes to `onSaved`.
 */
export function useSaveForm<F extends string, I, R>({
  request,
  onSaved,
  ...options
}: Omit<SentFormOptions<F, I, R | null>, 'onSuccess'> & {
  onSaved: (saved: R) => void
}): ContractForm<F, R | null> & { nothingChanged: boolean } {
  const [nothingChanged, setNothingChanged] = useState(false)
  const form = useContractForm<F, I, R | null>({
    ...options,
    request: (values) => {
      setNothingChanged(false)
      return request(values)
    },
    onSuccess: (saved) => (saved ? onSaved(saved) : setNothingChanged(true)),
  })
  return { ...form, nothingChanged }
}

/** What a create-or-change form sends: something new, what changed of something stored, or nothing. */
export type SaveSend<C, H> = { kind: 'create'; body: C } | { kind: 'change'; body: H } | { kind: 'none' }

/**
 * The `send` of a create-or-change form: creates with `create`, or changes with `change` (given
 * while editing); nothing is sent, and null answered, when nothing changed.
 */
export function createOrChange<C, H, R>(create: (body: C) => Promise<R>, change?: (body: H) => Promise<R>) {
  return async (input: SaveSend<C, H>): Promise<R | null> => {
    if (input.kind === 'create') return create(input.body)
    if (input.kind === 'change' && change) return change(input.body)
    return null
  }
}

/** What a create-or-change form's screen gives it: where going back leads, and what follows a save. */
export interface SaveFormProps<R> {
  cancelPath: string
  onSaved: (saved: R) => void
}
