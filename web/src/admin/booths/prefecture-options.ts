import { PREFECTURES } from '@puribox/contract/profile-rules'
import type { SelectOption } from '../../components/form/select-field'

/** The 47 prefectures by name, north to south, each valued by its JIS code (what the API takes). */
export function prefectureOptions(first: SelectOption): SelectOption[] {
  return [first, ...PREFECTURES.map((name, index) => ({ value: String(index + 1), label: name }))]
}
