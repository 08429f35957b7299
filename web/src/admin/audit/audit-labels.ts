import type { SelectOption } from '../../components/form/select-field'
import admin from '../../locales/ja/admin.json'

/**
 * The Japanese names of the audit log's actions and target kinds. An action is the name of the event
 * the change emitted (`booth.machine-key-issued`), kept in admin.json by its module and its own part
 * (`audit.actions.booth.machine-key-issued`); an action with no name there (an event newer than this
 * list) shows as its code.
 */
const actionNames: Readonly<Record<string, Readonly<Record<string, string>>>> = admin.audit.actions
const targetKindNames: Readonly<Record<string, string>> = admin.audit.targetKinds

/** The Japanese name of an action, or null when it has none. */
export function actionName(action: string): string | null {
  const dot = action.indexOf('.')
  const module = action.slice(0, dot)
  const part = action.slice(dot + 1)
  if (dot < 0 || !Object.hasOwn(actionNames, module)) return null
  const names = actionNames[module] as Readonly<Record<string, string>>
  return Object.hasOwn(names, part) ? (names[part] as string) : null
}

/** The Japanese name of a target kind, or null when it has none. */
export function targetKindName(kind: string): string | null {
  return Object.hasOwn(targetKindNames, kind) ? (targetKindNames[kind] as string) : null
}

/** Every action with a name, as its code. */
export const NAMED_ACTIONS: readonly string[] = Object.entries(actionNames).flatMap(([module, names]) =>
  Object.keys(names).map((name) => `${module}.${name}`),
)

/** Every target kind with a name, as its code. */
export const NAMED_TARGET_KINDS: readonly string[] = Object.keys(targetKindNames)

/**
 * The choices of a filter by code: "any" first, then every named code; a code in force that has no
 * name (typed into the address, or an action newer than the list) is offered as itself, so the
 * form shows what the list is filtered by.
 */
export function codeOptions(
  codes: readonly string[],
  nameOf: (code: string) => string | null,
  anyLabel: string,
  current: string | undefined,
): SelectOption[] {
  const options = [
    { value: '', label: anyLabel },
    ...codes.map((code) => ({ value: code, label: nameOf(code) ?? code })),
  ]
  if (current !== undefined && !codes.includes(current)) options.push({ value: current, label: current })
  return options
}
