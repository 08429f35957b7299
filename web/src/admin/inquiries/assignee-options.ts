import type { OperatorRef } from '@puribox/contract/admin-inquiries'
import type { SelectOption } from '../../components/form/select-field'
import type { SignedInOperator } from '../session/session-api'
import { t } from './i18n'

/**
 * The operators to choose from as an inquiry's assignee: the signed-in one first (named "me"), then
 * the others by mail address. An operator `chosen` who is no longer listed (disabled since) is still
 * offered, by id, so a form or the address keeps showing who it names.
 */
export function operatorOptions(
  operators: readonly OperatorRef[],
  me: SignedInOperator,
  chosen: string | undefined,
): SelectOption[] {
  const options: SelectOption[] = []
  const mine = operators.find((operator) => operator.operatorId === me.id)
  if (mine) options.push({ value: me.id, label: t('adminInquiries.me', { mail: mine.operatorMailAddress }) })
  for (const operator of operators) {
    if (operator.operatorId !== me.id)
      options.push({ value: operator.operatorId, label: operator.operatorMailAddress })
  }
  if (chosen && chosen !== 'none' && !options.some((option) => option.value === chosen))
    options.push({ value: chosen, label: t('adminInquiries.unlistedOperator', { id: chosen }) })
  return options
}
