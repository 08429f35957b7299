import { machinePath } from '@puribox/contract/machine-search'
import type { MachineModel } from '@puribox/contract/machines'
import { links } from '@puribox/contract/pages'
import { useSearchParams } from 'wouter'
import { AppLink } from '../../../components/app-link'
import { LoadFailure } from '../../../components/load-failure'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import { useMachineModels } from '../api/machines'
import { t } from '../i18n'
import { FeatureTags } from './feature-tags'
import '../machines.css'

const KEPT_ONLY = `${links.machineList}?isIdFederationSupported=true`

function ModelCard({ model }: { model: MachineModel }) {
  return (
    <li>
      <AppLink href={machinePath(model.id)} className="machine-card">
        {model.samples[0] ? (
          <img src={model.samples[0]} alt="" width={84} height={112} loading="lazy" decoding="async" />
        ) : (
          <span aria-hidden="true" />
        )}
        <span>
          <span className="machine-card__name">{model.name}</span>
          <span className="machine-card__meta">
            {' '}
            {t('machines.machine.series', { series: model.seriesName })}
            {' · '}
            {t('machines.list.shopCount', { count: String(model.shopCount) })}
          </span>
          <FeatureTags model={model} />
        </span>
      </AppLink>
    </li>
  )
}

/**
 * `/web/machines/information`: every machine model, the newest first; `?isIdFederationSupported=true`
 * only those whose plays can be kept here. Each leads to its page; the shop search is one tap away.
 */
export function MachineListScreen() {
  const [params] = useSearchParams()
  const keptOnly = params.get('isIdFederationSupported') === 'true'
  const models = useMachineModels(keptOnly)
  return (
    <div className="page stack">
      <PageTitle page={t('machines.list.title')} />
      <h1 className="page__title">{t('machines.list.title')}</h1>
      <p className="page__lead">{t('machines.list.lead')}</p>
      <AppLink href={links.machineSearch} className="button button--block">
        {t('machines.list.search')}
      </AppLink>
      <nav aria-label={t('machines.list.filterLabel')}>
        <ul className="machine-filter">
          <li>
            <AppLink href={links.machineList} aria-current={keptOnly ? undefined : 'page'}>
              {t('machines.list.all')}
            </AppLink>
          </li>
          <li>
            <AppLink href={KEPT_ONLY} aria-current={keptOnly ? 'page' : undefined}>
              {t('machines.list.kept')}
            </AppLink>
          </li>
        </ul>
      </nav>
      {models.isPending ? (
        <LoadingState />
      ) : models.isError ? (
        <LoadFailure
          error={models.error}
          title={t('machines.list.failed')}
          onRetry={() => void models.refetch()}
        />
      ) : models.data.entry.length === 0 ? (
        <p className="empty-state">{t('machines.list.empty')}</p>
      ) : (
        <ul className="machine-cards">
          {models.data.entry.map((model) => (
            <ModelCard key={model.id} model={model} />
          ))}
        </ul>
      )}
    </div>
  )
}
