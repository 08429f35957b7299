import { machineSearchHref } from '@puribox/contract/machine-search'
import { links } from '@puribox/contract/pages'
import { useId } from 'react'
import { useParams } from 'wouter'
import { AppLink } from '../../../components/app-link'
import { LoadFailure } from '../../../components/load-failure'
import { LoadingState } from '../../../components/loading-state'
import { NotFoundScreen } from '../../../components/not-found-screen'
import { PageTitle } from '../../../components/page-title'
import { errorCodeOf } from '../../../lib/error-message'
import { useMachineModel } from '../api/machines'
import { t } from '../i18n'
import { FeatureTags } from './feature-tags'
import { ShopCard } from './shop-card'
import '../machines.css'

/**
 * `/sp/machine/{id}`: a machine model — what it does, its sample pictures, and where to find one (a
 * few shops, then the search by the model). An id that is no model shows the app's not-found screen.
 */
export function MachineScreen() {
  const { machineId = '' } = useParams<{ machineId: string }>()
  const answer = useMachineModel(machineId)
  const samplesId = useId()
  const whereId = useId()
  if (answer.isPending) return <LoadingState />
  if (answer.isError) {
    if (errorCodeOf(answer.error) === 'MACHINE_NOT_FOUND') return <NotFoundScreen />
    return (
      <div className="page">
        <LoadFailure
          error={answer.error}
          title={t('machines.machine.failed')}
          onRetry={() => void answer.refetch()}
        />
      </div>
    )
  }
  const { model, shops } = answer.data
  return (
    <div className="page stack">
      <PageTitle page={model.name} />
      <div>
        <h1 className="page__title">{model.name}</h1>
        <p className="machine-card__meta">
          {t('machines.machine.series', { series: model.seriesName })}
          {' · '}
          {t('machines.machine.version', { version: model.version })}
          {' · '}
          {t('machines.machine.released', { date: model.releasedOn.replaceAll('-', '/') })}
        </p>
      </div>
      <FeatureTags model={model} />
      <p className="machine-description">{model.description}</p>
      {model.samples.length > 0 && (
        <section aria-labelledby={samplesId} className="stack">
          <h2 id={samplesId} className="section-title">
            {t('machines.machine.samples')}
          </h2>
          {/* The strip scrolls sideways: a keyboard must be able to reach it to scroll it. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is focusable so keys can scroll it */}
          <ul className="machine-samples" tabIndex={0} aria-labelledby={samplesId}>
            {model.samples.map((src, i) => (
              <li key={src}>
                <img
                  src={src}
                  alt={t('machines.machine.sampleAlt', { name: model.name, n: String(i + 1) })}
                  width={360}
                  height={480}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  decoding="async"
                />
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby={whereId} className="stack">
        <h2 id={whereId} className="section-title">
          {t('machines.machine.where')}
        </h2>
        {shops.length === 0 ? (
          <p>{t('machines.machine.noShops')}</p>
        ) : (
          <>
            <ul className="shop-list">
              {shops.map((shop) => (
                <ShopCard key={shop.id} shop={shop} />
              ))}
            </ul>
            <AppLink href={machineSearchHref({ modelId: model.id })} className="button button--block">
              {t('machines.machine.allShops', { count: String(model.shopCount) })}
            </AppLink>
          </>
        )}
      </section>
      <AppLink href={links.machineList} className="text-link">
        {t('machines.machine.toList')}
      </AppLink>
    </div>
  )
}
