/** What a form holds when it is sent, by control name. */
export interface FormValues {
  /** The value of the control of that name; '' when there is none (or it is a file). */
  text(name: string): string
  /** Whether the checkbox of that name is ticked. */
  checked(name: string): boolean
}

/** The values of a form's controls as the browser would send them (typing before hydration counts). */
export function readFormValues(form: HTMLFormElement | null): FormValues {
  const data = form ? new FormData(form) : new FormData()
  return {
    text: (name) => {
      const value = data.get(name)
      return typeof value === 'string' ? value : ''
    },
    checked: (name) => data.has(name),
  }
}
