import { useQuery } from '@tanstack/react-query'
import { loadedOrWith } from '../kit/loaded-or'
import { auditionQueryKey, readAudition } from './audition-api'
import { AUDITION_ERRORS, t } from './audition-i18n'
import { AUDITIONS_PATH } from './audition-paths'
import { useContent } from './content-context'

/** One audition with how far its applications got (its page and its form ask for the same answer). */
export function useAudition(auditionId: string) {
  return useQuery({
    queryKey: auditionQueryKey(auditionId),
    queryFn: ({ signal }) => readAudition(auditionId, signal),
  })
}

/** The list, as the first step of every screen's trail. */
export const TO_AUDITIONS = { href: AUDITIONS_PATH, label: t('adminAuditions.title') }

/** Why nothing here can be changed by this role: said in place of the buttons an editor would have. */
export function AuditionsReadOnly() {
  const { operator } = useContent()
  return (
    <p className="note console-read-only">
      {t('adminAuditions.readOnly', { role: t(`admin.roles.${operator.role}`) })}
    </p>
  )
}

/** A form's screen reached by an operator who may not send it, or for an audition that takes no change. */
export function AuditionsNotAllowed({ message }: { message: string }) {
  return (
    <p className="notice notice--warning" role="status">
      {message}
    </p>
  )
}

/** The console's LoadedOr (kit/loaded-or.tsx) with the area's error sentences. */
export const AuditionLoadedOr = loadedOrWith(AUDITION_ERRORS)
