import { type AdminAudition, AUDITION_STATES } from '@puribox/contract/admin-auditions'
import { Link } from 'wouter'
import { auditionAccessOf } from './audition-access'
import { auditionListQueryKey, readAuditionPage } from './audition-api'
import { t } from './audition-i18n'
import { AuditionStateBadge, auditionAges, auditionStateName, auditionWindow } from './audition-labels'
import { AuditionsReadOnly } from './audition-page-parts'
import { auditionListPath, auditionPath, auditionViewOfSearch, NEW_AUDITION_PATH } from './audition-paths'
import { useContent } from './content-context'
import { StateListScreen } from './state-list-screen'
import './audition.css'

type Column = 'title' | 'state' | 'ages' | 'window' | 'sent'
const column = (name: Column) => t(`adminAuditions.list.columns.${name}`)

/**
 * `/admin/auditions`: the auditions a page at a time, of every state or one (`?state=`): the state
 * lives in the address, so a link shows the same list. Each view has the order it is read in (open
 * ones closing first, and so on), which the list says.
 */
export function AuditionListScreen() {
  const { operator } = useContent()
  return (
    <StateListScreen
      id="auditions"
      text={(key, params) => t(`adminAuditions.${key}`, params)}
      states={AUDITION_STATES}
      stateName={auditionStateName}
      viewOf={auditionViewOfSearch}
      listPath={auditionListPath}
      newPath={NEW_AUDITION_PATH}
      canCreate={auditionAccessOf(operator.role).create}
      readOnly={<AuditionsReadOnly />}
      queryKey={auditionListQueryKey}
      readPage={readAuditionPage}
      itemsOf={(page) => page.items}
      columns={[column('title'), column('state'), column('ages'), column('window'), column('sent')]}
      note={(state) => <p className="note">{t(`adminAuditions.list.order.${state ?? 'all'}`)}</p>}
      row={(audition) => <AuditionRow audition={audition} />}
    />
  )
}

/** One audition: a row of the table on a laptop, a card of its own on a phone (content.css). */
function AuditionRow({ audition }: { audition: AdminAudition }) {
  return (
    <tr>
      <th scope="row">
        <Link href={auditionPath(audition.id)} className="content-table__main-link">
          {audition.title}
        </Link>
        <span className="content-sub">{audition.organizer}</span>
      </th>
      <td data-label={column('state')}>
        <AuditionStateBadge state={audition.state} />
      </td>
      <td data-label={column('ages')}>{auditionAges(audition)}</td>
      <td data-label={column('window')}>
        <span className="audition-window">{auditionWindow(audition)}</span>
      </td>
      <td data-label={column('sent')}>
        {t('adminAuditions.list.sentCount', { count: audition.applicationsSent })}
      </td>
    </tr>
  )
}
