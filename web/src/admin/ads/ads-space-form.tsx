import {
  AD_ADMIN_LIMITS,
  AD_PLACEMENTS,
  type AdminAdSpace,
  type AdPlacement,
  type AdSpaceChange,
  type AdSpaceCreate,
  adSpaceChangeSchema,
  adSpaceCreateSchema,
} from '@puribox/contract/admin-ads'
import { AD_LIMITS } from '@puribox/contract/ads'
import { useQuery } from '@tanstack/react-query'
import { Form } from '../../components/form/form'
import { SelectField } from '../../components/form/select-field'
import { TextField } from '../../components/form/text-field'
import { type FieldErrors, useContractForm } from '../../components/form/use-contract-form'
import { useContent } from '../content/content-context'
import { changedFrom, type FieldRule, schemaFieldErrors } from '../content/content-form'
import { ContentPage, NotAllowed } from '../content/content-page'
import { FormEnd } from '../kit/form-end'
import { REASON_RULE, ReasonField, readReason } from '../kit/reason-field'
import { useSaveForm } from '../kit/save-form'
import { adAccessOf } from './ads-access'
import { adSpacesQueryKey, changeAdSpace, createAdSpace, readAdSpaces } from './ads-api'
import { t } from './ads-i18n'
import { ADS_ERRORS, placementName } from './ads-labels'
import { AdLoadedOr } from './ads-loaded'
import { ADS_PATH, adSpacePath } from './ads-paths'
import { TO_ADS } from './ads-space-screen'

type SpaceField = 'id' | 'name' | 'placement' | 'reason'

const RULES: Record<SpaceField, FieldRule> = {
  id: { label: t('adminAds.spaceForm.id') },
  name: { label: t('adminAds.spaceForm.name') },
  placement: { label: t('adminAds.spaceForm.placement') },
  reason: REASON_RULE,
}

/** `/admin/ads/new-space`: adds a space (filling no page yet), then shows it. */
export function NewAdSpaceScreen() {
  const { operator, changed } = useContent()
  const form = useContractForm<SpaceField, AdSpaceCreate, AdminAdSpace>({
    fields: ['id', 'name'],
    request: (values) => {
      const errors: FieldErrors<SpaceField> = {}
      const id = values.text('id').trim()
      if (id !== '' && !/^[A-Za-z0-9_-]+$/.test(id)) errors.id = t('adminAds.spaceForm.errors.id')
      const typed = { id, name: values.text('name') }
      const checked = adSpaceCreateSchema.safeParse(typed)
      const wrong = schemaFieldErrors(checked.error, RULES, { typed, known: errors })
      if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
      return { input: checked.data }
    },
    send: (input) => createAdSpace(input),
    messages: ADS_ERRORS,
    fieldOf: { AD_SPACE_EXISTS: 'id' },
    onSuccess: (space) => changed(adSpacePath(space.id), t('adminAds.spaceForm.created')),
  })
  return (
    <ContentPage
      title={t('adminAds.spaceForm.createTitle')}
      lead={t('adminAds.spaceForm.createLead')}
      trail={[TO_ADS]}
    >
      {adAccessOf(operator.role).createSpace ? (
        <section className="card console-card">
          <Form form={form} className="stack content-form">
            <TextField
              {...form.field('id')}
              label={RULES.id.label}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              hint={t('adminAds.spaceForm.idHint', { max: AD_LIMITS.spaceIdMax })}
            />
            <TextField
              {...form.field('name')}
              label={RULES.name.label}
              autoComplete="off"
              hint={t('adminAds.spaceForm.nameHint', { max: AD_ADMIN_LIMITS.spaceNameMax })}
            />
            <FormEnd
              form={form}
              submit={t('adminAds.spaceForm.submitCreate')}
              pendingLabel={t('adminAds.spaceForm.creating')}
              cancelPath={ADS_PATH}
            />
          </Form>
        </section>
      ) : (
        <NotAllowed />
      )}
    </ContentPage>
  )
}

/** `/admin/ads/spaces/:spaceId/edit`: renames a space, or moves a page's ads to it. */
export function AdSpaceEditScreen({ spaceId }: { spaceId: string }) {
  const { operator } = useContent()
  const spaces = useQuery({ queryKey: adSpacesQueryKey(), queryFn: ({ signal }) => readAdSpaces(signal) })
  const space = spaces.data?.spaces.find((found) => found.id === spaceId)
  return (
    <ContentPage
      title={t('adminAds.spaceForm.changeTitle')}
      trail={[TO_ADS, { href: adSpacePath(spaceId), label: space?.name ?? spaceId }]}
    >
      {!adAccessOf(operator.role).changeSpace ? (
        <NotAllowed />
      ) : (
        <AdLoadedOr query={spaces} failure={t('adminAds.space.loadFailed')}>
          {() =>
            space ? (
              <section className="card console-card">
                <SpaceChangeForm space={space} />
              </section>
            ) : (
              <p className="notice notice--error" role="alert">
                {ADS_ERRORS.AD_SPACE_NOT_FOUND}
              </p>
            )
          }
        </AdLoadedOr>
      )}
    </ContentPage>
  )
}

type ChangeSend = { kind: 'change'; body: AdSpaceChange } | { kind: 'none' }

function SpaceChangeForm({ space }: { space: AdminAdSpace }) {
  const { changed } = useContent()
  const form = useSaveForm<SpaceField, ChangeSend, AdminAdSpace>({
    fields: ['name', 'placement', 'reason'],
    request: (values) => {
      const placement = values.text('placement')
      const typed = {
        name: values.text('name'),
        placement: placement === '' ? null : (placement as AdPlacement),
      }
      const checked = adSpaceChangeSchema.safeParse({ ...typed, reason: readReason(values) })
      const wrong = schemaFieldErrors(checked.error, RULES, { typed })
      if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
      const edited = changedFrom({ name: space.name, placement: space.placement }, typed)
      if (Object.keys(edited).length === 0) return { input: { kind: 'none' } }
      return { input: { kind: 'change', body: { ...edited, reason: checked.data.reason } } }
    },
    send: async (input) => (input.kind === 'change' ? changeAdSpace(space.id, input.body) : null),
    messages: ADS_ERRORS,
    onSaved: () => changed(adSpacePath(space.id), t('adminContent.form.saved')),
  })
  return (
    <Form form={form} className="stack content-form">
      <TextField
        {...form.field('name')}
        label={RULES.name.label}
        defaultValue={space.name}
        autoComplete="off"
        hint={t('adminAds.spaceForm.nameHint', { max: AD_ADMIN_LIMITS.spaceNameMax })}
      />
      <SelectField
        {...form.field('placement')}
        label={RULES.placement.label}
        hint={t('adminAds.spaceForm.placementHint')}
        defaultValue={space.placement ?? ''}
        options={[
          { value: '', label: t('adminAds.spaceForm.placementNone') },
          ...AD_PLACEMENTS.map((placement) => ({ value: placement, label: placementName(placement) })),
        ]}
      />
      <ReasonField {...form.field('reason')} />
      <FormEnd form={form} cancelPath={adSpacePath(space.id)} />
    </Form>
  )
}
