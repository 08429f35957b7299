import { useMutation } from '@tanstack/react-query'
import { type FormEvent, type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react'
import type { CallInput, ClientErrorCode, EntityOf, JsonRouteKey, WithClock } from '../../lib/api-client'
import { callApi } from '../../lib/call-api'
import { errorCodeOf, messageForCode, retryAfterOf } from '../../lib/error-message'
import { focusField } from '../../lib/focus-field'
import { clearDraft, readDraft, saveDraft } from './form-draft'
import { type FormValues, readFormValues } from './form-values'

type Messages = Readonly<Record<string, string>>

/** The Japanese sentence of what is wrong, per field. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>

/**
 * What a form asks of its route once checked: the call's input (callApi's, or what the form's own
 * `send` takes), or the fields that are wrong.
 */
export type FormRequest<K extends JsonRouteKey, F extends string, I = CallInput<K>> =
  | { input: I }
  | { errors: FieldErrors<F> }

/** A failed request that belongs to no field, told above the button. */
export interface FormProblem {
  code: ClientErrorCode
  message: string
}

export interface ContractFormOptions<K extends JsonRouteKey, F extends string, I = CallInput<K>> {
  /** The contract route the form sends (a key of `apiPaths`), through callApi unless `send` is given. */
  route: K
  /** The fields that can be wrong, in the order they stand: the error summary lists them so. */
  fields?: readonly F[]
  /**
   * Reads the values (the form's own rules: required, formats, the contract's shared checks) and
   * answers the request to send, or what is wrong per field, in Japanese. Nothing is sent then.
   */
  request: (values: FormValues) => FormRequest<K, F, I>
  /**
   * Sends the checked input instead of callApi: a multipart route (the input then is what the form
   * sends, e.g. fields and a file; `sendMultipart` in lib/upload.ts shows the upload's progress).
   * Required when the input is not callApi's.
   */
  send?: (input: I) => Promise<WithClock<EntityOf<K>>>
  /**
   * The Japanese sentence of a server's error code: the screen's group of its locale file (then the
   * common ones, lib/error-message.ts), or a function when the sentence depends on the values or on
   * how long the answer asked to wait (its `Retry-After`, null when it did not say).
   */
  messages?:
    | Messages
    | ((code: ClientErrorCode, values: FormValues, retryAfterSeconds: number | null) => string)
  /**
   * Which field a server's error code belongs to: one field for all of them (a one-field form), or
   * a field per code. Codes without one, VALIDATION_FAILED among them (the answer names no field),
   * are told above the button (`problem`).
   */
  fieldOf?: F | Partial<Record<ClientErrorCode, F>>
  /** A field whose text is selected after any failed request, to type it again (a password, a code). */
  selectOnError?: F
  /** Errors to show from the start (a server's form variant came back with one). */
  initialErrors?: FieldErrors<F>
  /** Keep what is typed in this tab under this key until the form is sent (form-draft.ts). */
  draft?: string
  onSuccess?: (entity: WithClock<EntityOf<K>>, values: FormValues) => void
  /**
   * Called first when the request failed, with what was thrown (an ApiError: its details); answer
   * true when the screen has dealt with it itself.
   */
  onError?: (problem: FormProblem, error: unknown) => boolean | undefined
}

/**
 * The options of a form whose request is not a route of the members' API table (the operators'
 * console's API has its own): no `route`; `send` sends the checked input, and what it answers is the
 * form's `data` and what `onSuccess` gets.
 */
export type SentFormOptions<F extends string, I, R> = Omit<
  ContractFormOptions<JsonRouteKey, F, I>,
  'route' | 'send' | 'onSuccess'
> & {
  route?: undefined
  send: (input: I) => Promise<R>
  onSuccess?: (answer: R, values: FormValues) => void
}

export interface ContractForm<F extends string, D = unknown> {
  /** Spread on the `<form>` (the Form component does): reading, sending, drafts, busy state. */
  formProps: {
    ref: RefObject<HTMLFormElement | null>
    noValidate: true
    onSubmit: (event: FormEvent<HTMLFormElement>) => void
    onChange?: () => void
    'aria-busy': boolean
  }
  /** Sends without a submit event (a form with no fields, or a second button). */
  submit: () => void
  /** A field's id (its control's, so the summary can link to it) and its error. */
  field: (name: F) => { id: string; name: F; error: string | undefined }
  /** The value a control starts with: this tab's draft of it, else `fallback`. */
  initial: (name: string, fallback: string) => string
  errors: FieldErrors<F>
  problem: FormProblem | null
  /** Set while the summary lists two fields or more; see ErrorSummary. */
  summary: { ref: RefObject<HTMLElement | null>; items: { id: string; message: string }[] } | null
  pending: boolean
  succeeded: boolean
  /** The last answer's entity, once one arrived. */
  data: D | undefined
  /** Forgets errors and the last answer (the page came back from the browser's back-forward cache). */
  reset: () => void
}

type FocusRequest<F> = { target: F | 'summary'; select: boolean }

/**
 * The one way a form of the web app sends a contract route: it reads the form's controls when sent
 * (typing before hydration counts, and nothing typed is lost when a request fails), checks them, sends
 * them through callApi, and maps the answer back to the form in Japanese: a field's error next to it,
 * anything else above the button. The button is busy while sending. After a failed submit, focus goes
 * to the one wrong field, or to the error summary when two or more are wrong.
 */
export function useContractForm<K extends JsonRouteKey, F extends string = never>(
  options: ContractFormOptions<K, F> & { send?: undefined },
): ContractForm<F, WithClock<EntityOf<K>>>
export function useContractForm<K extends JsonRouteKey, F extends string, I>(
  options: ContractFormOptions<K, F, I> & { send: (input: I) => Promise<WithClock<EntityOf<K>>> },
): ContractForm<F, WithClock<EntityOf<K>>>
export function useContractForm<F extends string, I, R>(options: SentFormOptions<F, I, R>): ContractForm<F, R>
export function useContractForm<K extends JsonRouteKey, F extends string, I>(
  options: ContractFormOptions<K, F, I> | SentFormOptions<F, I, WithClock<EntityOf<K>>>,
): ContractForm<F, WithClock<EntityOf<K>>> {
  const { route, fields = [], draft } = options
  const formRef = useRef<HTMLFormElement>(null)
  const summaryRef = useRef<HTMLElement>(null)
  const baseId = useId()
  const [errors, setErrors] = useState<FieldErrors<F>>(options.initialErrors ?? {})
  const [problem, setProblem] = useState<FormProblem | null>(null)
  const [focusRequest, setFocusRequest] = useState<FocusRequest<F> | null>(null)
  const [drafted] = useState(() => (draft ? readDraft(draft) : null))
  // Without `send`, the input is callApi's (the first overload).
  const viaApi = callApi as unknown as (key: K, input: I) => Promise<WithClock<EntityOf<K>>>
  const mutation = useMutation({
    mutationFn: (input: I) => (options.send ? options.send(input) : viaApi(route as K, input)),
  })
  const { reset: resetMutation } = mutation

  const fieldId = (name: string) => `${baseId}-${name}`

  // After the render that shows the errors (the summary exists only then); a new request object is
  // what asks for focus again.
  useEffect(() => {
    if (!focusRequest) return
    if (focusRequest.target === 'summary') {
      focusField(summaryRef.current)
      return
    }
    const control = document.getElementById(`${baseId}-${focusRequest.target}`)
    focusField(control)
    if (focusRequest.select && control instanceof HTMLInputElement) control.select()
  }, [focusRequest, baseId])

  function messageOf(code: ClientErrorCode, values: FormValues, error: unknown): string {
    const { messages } = options
    return typeof messages === 'function'
      ? messages(code, values, retryAfterOf(error))
      : messageForCode(code, messages)
  }

  function fieldFor(code: ClientErrorCode): F | undefined {
    const { fieldOf } = options
    return typeof fieldOf === 'string' ? fieldOf : fieldOf?.[code]
  }

  function showFieldErrors(found: FieldErrors<F>, afterRequest: boolean) {
    const wrong = fields.filter((name) => found[name] !== undefined)
    setErrors(found)
    setProblem(null)
    const first = wrong[0]
    if (wrong.length > 1) setFocusRequest({ target: 'summary', select: false })
    else if (first !== undefined)
      setFocusRequest({ target: first, select: afterRequest && first === options.selectOnError })
  }

  function submit() {
    if (mutation.isPending) return
    const values = readFormValues(formRef.current)
    const request = options.request(values)
    if ('errors' in request) return showFieldErrors(request.errors, false)
    setErrors({})
    setProblem(null)
    mutation.mutate(request.input, {
      onSuccess: (entity) => {
        if (draft) clearDraft(draft)
        options.onSuccess?.(entity, values)
      },
      onError: (error) => {
        const code = errorCodeOf(error)
        const failure = { code, message: messageOf(code, values, error) }
        if (options.onError?.(failure, error)) return
        const field = fieldFor(code)
        if (field !== undefined) return showFieldErrors({ [field]: failure.message } as FieldErrors<F>, true)
        setProblem(failure)
        const { selectOnError } = options
        if (selectOnError !== undefined) setFocusRequest({ target: selectOnError, select: true })
      },
    })
  }

  const reset = useCallback(() => {
    resetMutation()
    setErrors({})
    setProblem(null)
  }, [resetMutation])

  const wrong = fields.filter((name) => errors[name] !== undefined)
  return {
    formProps: {
      ref: formRef,
      noValidate: true,
      onSubmit: (event) => {
        event.preventDefault()
        submit()
      },
      onChange: draft ? () => formRef.current && saveDraft(draft, formRef.current) : undefined,
      'aria-busy': mutation.isPending,
    },
    submit,
    field: (name) => ({ id: fieldId(name), name, error: errors[name] }),
    initial: (name, fallback) => drafted?.[name] ?? fallback,
    errors,
    problem,
    summary:
      wrong.length > 1
        ? {
            ref: summaryRef,
            items: wrong.map((name) => ({ id: fieldId(name), message: errors[name] as string })),
          }
        : null,
    pending: mutation.isPending,
    succeeded: mutation.isSuccess,
    data: mutation.data,
    reset,
  }
}
