import type { MachineModel } from '@puribox/contract/machines'
import { t } from '../i18n'

/** What a model does, as short tags: keeping plays here, raw puri, the number of shots. */
export function FeatureTags({ model }: { model: MachineModel }) {
  return (
    <ul className="feature-tags" aria-label={t('machines.features.label')}>
      {model.supportsIdFederation ? (
        <li>{t('machines.features.idFederation')}</li>
      ) : (
        <li className="feature-tags__off">{t('machines.features.noIdFederation')}</li>
      )}
      {model.supportsRawPuri && <li>{t('machines.features.rawPuri')}</li>}
      <li>{t('machines.features.shots', { count: String(model.shots) })}</li>
    </ul>
  )
}
