import type { AdminMachineModel } from '@puribox/contract/admin-booths'
import { Link } from 'wouter'
import { BoothPage, NotAllowed, ReadOnlyNote } from './booth-page'
import { MODELS_PATH, modelEditPath, NEW_MODEL_PATH } from './booth-paths'
import { useModels } from './booth-queries'
import { useBooths } from './booths-context'
import { t } from './i18n'
import { LoadedOr } from './loaded-or'
import { ModelForm } from './model-form'

const TO_MODELS = { href: MODELS_PATH, label: t('adminBooths.models.title') }

/** `/admin/booths/models`: every machine model, the newest first. */
export function ModelListScreen() {
  const { access } = useBooths()
  const models = useModels()
  return (
    <BoothPage
      title={t('adminBooths.models.title')}
      lead={t('adminBooths.models.lead')}
      tab="models"
      actions={
        access.manage ? (
          <Link href={NEW_MODEL_PATH} className="button button--small">
            {t('adminBooths.models.create')}
          </Link>
        ) : (
          <ReadOnlyNote />
        )
      }
    >
      <LoadedOr query={models} failure={t('adminBooths.models.loadFailed')}>
        {(loaded) =>
          loaded.models.length === 0 ? (
            <p className="card console-card">{t('adminBooths.models.none')}</p>
          ) : (
            <section className="console-list" aria-labelledby="models-list-title">
              <h2 id="models-list-title" className="visually-hidden">
                {t('adminBooths.models.title')}
              </h2>
              <table className="console-table card-table">
                <thead>
                  <tr>
                    <th scope="col">{t('adminBooths.models.columns.model')}</th>
                    <th scope="col">{t('adminBooths.models.columns.series')}</th>
                    <th scope="col">{t('adminBooths.models.columns.version')}</th>
                    <th scope="col">{t('adminBooths.models.columns.supports')}</th>
                    {access.manage && (
                      <th scope="col">
                        <span className="visually-hidden">{t('adminBooths.models.columns.actions')}</span>
                      </th>
                    )}
                  </tr>
                </thead>
                <tbody>
                  {loaded.models.map((model) => (
                    <ModelRow key={model.id} model={model} manage={access.manage} />
                  ))}
                </tbody>
              </table>
            </section>
          )
        }
      </LoadedOr>
    </BoothPage>
  )
}

function ModelRow({ model, manage }: { model: AdminMachineModel; manage: boolean }) {
  const supports = [
    model.supportsRawPuri && t('adminBooths.modelForm.supportsRawPuri'),
    model.supportsIdFederation && t('adminBooths.modelForm.supportsIdFederation'),
  ].filter((text): text is string => Boolean(text))
  return (
    <tr>
      <th scope="row" data-label={t('adminBooths.models.columns.model')}>
        <span className="booth-table__main">{model.name}</span>
        <span className="booth-sub">{model.nameKana}</span>
        <code className="booth-code booth-sub">{model.id}</code>
      </th>
      <td data-label={t('adminBooths.models.columns.series')}>
        {model.seriesName}
        <code className="booth-code booth-sub">{model.seriesId}</code>
      </td>
      <td data-label={t('adminBooths.models.columns.version')}>
        {model.version}
        <span className="booth-sub">
          {t('adminBooths.models.released', { day: model.releasedOn })}
          {t('adminBooths.models.shots', { count: model.shots })}
        </span>
      </td>
      <td data-label={t('adminBooths.models.columns.supports')}>
        {supports.length > 0 ? (
          <ul className="booth-tags">
            {supports.map((text) => (
              <li key={text} className="badge">
                {text}
              </li>
            ))}
          </ul>
        ) : (
          <span className="booth-none">{t('adminBooths.none')}</span>
        )}
      </td>
      {manage && (
        <td className="booth-table__action">
          <Link
            href={modelEditPath(model.id)}
            className="button button--secondary button--small"
            aria-label={t('adminBooths.models.changeNamed', { name: model.name })}
          >
            {t('adminBooths.models.change')}
          </Link>
        </td>
      )}
    </tr>
  )
}

/** `/admin/booths/models/new`: registers a model, then lists the models. */
export function NewModelScreen() {
  const { access, changed } = useBooths()
  return (
    <BoothPage title={t('adminBooths.modelForm.createTitle')} trail={[TO_MODELS]}>
      {access.manage ? (
        <section className="card console-card">
          <ModelForm
            cancelPath={MODELS_PATH}
            onSaved={(model) =>
              changed(MODELS_PATH, t('adminBooths.modelForm.created', { name: model.name }))
            }
          />
        </section>
      ) : (
        <NotAllowed message={t('adminBooths.notAllowed.manage')} />
      )}
    </BoothPage>
  )
}

/** `/admin/booths/models/:modelId/edit`: changes a model's fields, then lists the models. */
export function ModelEditScreen({ modelId }: { modelId: string }) {
  const { access, changed } = useBooths()
  const models = useModels()
  return (
    <BoothPage title={t('adminBooths.modelForm.changeTitle')} trail={[TO_MODELS]}>
      {!access.manage ? (
        <NotAllowed message={t('adminBooths.notAllowed.manage')} />
      ) : (
        <LoadedOr query={models} failure={t('adminBooths.models.loadFailed')}>
          {(loaded) => {
            const model = loaded.models.find((each) => each.id === modelId)
            if (!model)
              return <p className="notice notice--error">{t('adminBooths.errors.MACHINE_NOT_FOUND')}</p>
            return (
              <section className="card console-card">
                <ModelForm
                  model={model}
                  cancelPath={MODELS_PATH}
                  onSaved={(saved) =>
                    changed(MODELS_PATH, t('adminBooths.modelForm.changed', { name: saved.name }))
                  }
                />
              </section>
            )
          }}
        </LoadedOr>
      )}
    </BoothPage>
  )
}
