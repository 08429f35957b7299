import { useId } from 'react'
import { PageTitle } from '../../../components/page-title'
import { t } from '../i18n'
import { SealIdForm } from './seal-id-form'
import '../seal.css'

/** `/web/puri/form_seal_id`: the seal-ID form with help on where the ID is printed. */
export function SealFormScreen() {
  const whereId = useId()
  const tipsId = useId()
  return (
    <div className="page">
      <PageTitle page={t('seal.formPage.title')} />
      <h1 className="page__title">{t('seal.formPage.title')}</h1>
      <p className="page__lead">{t('seal.formPage.lead')}</p>
      <section className="card">
        <SealIdForm />
      </section>
      <section className="card card--soft" aria-labelledby={whereId}>
        <h2 id={whereId} className="card__title">
          {t('seal.formPage.whereTitle')}
        </h2>
        <div className="seal-sample" aria-hidden="true">
          <span className="seal-sample__photo" />
          <span className="seal-sample__photo" />
          <span className="seal-sample__id">{t('sealForm.placeholder')}</span>
        </div>
        <p>{t('seal.formPage.where')}</p>
      </section>
      <section className="card card--soft" aria-labelledby={tipsId}>
        <h2 id={tipsId} className="card__title">
          {t('seal.formPage.tipsTitle')}
        </h2>
        <ul className="tips">
          <li>{t('seal.formPage.tips.letters')}</li>
          <li>{t('seal.formPage.tips.width')}</li>
          <li>{t('seal.formPage.tips.expiry')}</li>
        </ul>
      </section>
    </div>
  )
}
