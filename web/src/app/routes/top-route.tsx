import { links } from '@puribox/contract/pages'
import { useId } from 'react'
import { AppLink } from '../../components/app-link'
import { PageTitle } from '../../components/page-title'
import { SealIdForm } from '../../features/seal/components/seal-id-form'
import { HowItWorks } from '../../features/top/components/how-it-works'
import { TopHero } from '../../features/top/components/top-hero'
import { t } from '../../lib/i18n'

/** The top page: the welcome, the seal-ID entry right there, and how it works. */
export function TopRoute() {
  const entryId = useId()
  return (
    <div className="page page--top">
      <PageTitle page={t('top.title')} />
      <TopHero />
      <section className="card card--entry" aria-labelledby={entryId}>
        <h2 id={entryId} className="card__title">
          {t('top.entry.title')}
        </h2>
        <SealIdForm />
        <AppLink href={links.photoGetForm} className="text-link">
          {t('top.entry.where')}
        </AppLink>
      </section>
      <HowItWorks />
      <AppLink href={links.machineList} className="button button--secondary button--block">
        {t('top.machines')}
      </AppLink>
    </div>
  )
}
