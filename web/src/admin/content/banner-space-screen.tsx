import {
  type AdminBanner,
  type AdminBannerSpace,
  BANNER_ADMIN_LIMITS,
  type BannerOrder,
  type BannerWithdraw,
  bannerOrderSchema,
  bannerWithdrawSchema,
} from '@puribox/contract/admin-banners'
import type { BannerSpace } from '@puribox/contract/banners'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useSearch } from 'wouter'
import { Form, FormProblemNotice, SubmitButton } from '../../components/form/form'
import { useContractForm } from '../../components/form/use-contract-form'
import { errorCodeOf } from '../../lib/error-message'
import { ReasonDialog } from './action-dialogs'
import { bannerAccessOf, writesBanners } from './banner-access'
import { bannerSpaceQueryKey, orderBanners, readBannerSpace, withdrawBanner } from './banner-api'
import { BannerStateBadge, bannerSpaceName, bannerSpaceWhere } from './banner-labels'
import {
  BANNERS_PATH,
  type BannerList,
  bannerEditPath,
  bannerListOfSearch,
  bannerSpacePath,
  newBannerPath,
} from './banner-paths'
import { BannerView } from './banner-view'
import { useContent } from './content-context'
import { REASON_RULE, ReasonField, readReason, schemaFieldErrors } from './content-form'
import { japanTime } from './content-format'
import { LoadedOr } from './content-loaded'
import { CONTENT_ERRORS } from './content-messages'
import { ContentPage, ContentTabs, ReadOnlyNote } from './content-page'
import { t } from './i18n'
import './banner-screens.css'

export const TO_BANNERS = { href: BANNERS_PATH, label: t('adminContent.banners.title') }

/** A space's banners of one list; the list is the address's (`?list=`). */
export function useBannerSpace(spaceId: BannerSpace, list: BannerList) {
  return useQuery({
    queryKey: bannerSpaceQueryKey(spaceId, list),
    queryFn: ({ signal }) => readBannerSpace(spaceId, list, signal),
  })
}

/**
 * `/admin/banners/spaces/:spaceId`: a space's banners in its order, the one members see now marked,
 * each drawn as members see it; editors add, change, reorder and withdraw. `?list=withdrawn` lists
 * the banners taken back.
 */
export function BannerSpaceScreen({ spaceId }: { spaceId: BannerSpace }) {
  const search = useSearch()
  const { operator } = useContent()
  const access = bannerAccessOf(operator.role)
  const list = bannerListOfSearch(search)
  const name = bannerSpaceName(spaceId)
  return (
    <ContentPage
      title={t('adminContent.banners.space.title', { name })}
      lead={t('adminContent.banners.space.where', { where: bannerSpaceWhere(spaceId) })}
      trail={[TO_BANNERS]}
      tabs={
        <ContentTabs
          label={t('adminContent.banners.space.tabs.label')}
          current={list}
          tabs={(['current', 'withdrawn'] as const).map((key) => ({
            key,
            href: bannerSpacePath(spaceId, key),
            label: t(`adminContent.banners.space.tabs.${key}`),
          }))}
        />
      }
      actions={
        access.create ? (
          <Link href={newBannerPath(spaceId)} className="button button--small">
            {t('adminContent.banners.space.add')}
          </Link>
        ) : (
          !writesBanners(access) && <ReadOnlyNote />
        )
      }
    >
      {list === null ? (
        <p className="notice notice--error" role="alert">
          {t('adminContent.banners.space.refused')}
        </p>
      ) : list === 'current' ? (
        <CurrentBanners spaceId={spaceId} />
      ) : (
        <WithdrawnBanners spaceId={spaceId} />
      )}
    </ContentPage>
  )
}

function CurrentBanners({ spaceId }: { spaceId: BannerSpace }) {
  const space = useBannerSpace(spaceId, 'current')
  return (
    <LoadedOr query={space} failure={t('adminContent.banners.space.loadFailed')}>
      {(loaded) => <OrderedBanners space={loaded} onStale={() => void space.refetch()} />}
    </LoadedOr>
  )
}

/**
 * The banners in the space's order. Moving one up or down changes the order here only; saving sends
 * the whole order, which the server refuses (ORDER_STALE) when the space's banners changed meanwhile.
 */
function OrderedBanners({ space, onStale }: { space: AdminBannerSpace; onStale: () => void }) {
  const { operator } = useContent()
  const access = bannerAccessOf(operator.role)
  const served = space.banners.map((banner) => banner.id)
  // The order being made, with the served order it was made from: a new answer starts again.
  const [moved, setMoved] = useState<{ from: string; ids: string[] } | null>(null)
  const ids = moved && moved.from === served.join() ? moved.ids : served
  const byId = new Map(space.banners.map((banner) => [banner.id, banner]))
  const banners = ids.map((id) => byId.get(id)).filter((banner) => banner !== undefined)
  const [withdrawing, setWithdrawing] = useState<{ banner: AdminBanner; place: number } | null>(null)
  // Why an order was not saved, once the form that sent it has gone with the order it held.
  const [stale, setStale] = useState<string | null>(null)
  const changedOrder = ids.join() !== served.join()

  function move(from: number, to: number) {
    setStale(null)
    const next = [...ids]
    const [id] = next.splice(from, 1)
    if (id === undefined) return
    next.splice(to, 0, id)
    setMoved({ from: served.join(), ids: next })
  }

  if (banners.length === 0) {
    return <p className="card console-card">{t('adminContent.banners.space.none')}</p>
  }
  const shownPlace = served.indexOf(space.shownId ?? '') + 1
  return (
    <section className="console-list stack" aria-labelledby="banner-list-title">
      <h2 id="banner-list-title" className="visually-hidden">
        {t('adminContent.banners.space.tabs.current')}
      </h2>
      <p className="note">
        {shownPlace > 0
          ? t('adminContent.banners.space.shownNow', { n: shownPlace })
          : t('adminContent.banners.space.nothingShown')}
      </p>
      {changedOrder && (
        <OrderForm
          spaceId={space.spaceId}
          ids={ids}
          onReset={() => setMoved(null)}
          onStale={(message) => {
            setMoved(null)
            setStale(message)
            onStale()
          }}
        />
      )}
      {stale && (
        <p className="notice notice--error" role="alert">
          {stale}
        </p>
      )}
      <ol className="banner-list">
        {banners.map((banner, index) => (
          <li key={banner.id}>
            <BannerCard
              banner={banner}
              place={index + 1}
              actions={
                <>
                  {access.order && (
                    <>
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        disabled={index === 0}
                        aria-label={t('adminContent.banners.space.upNamed', { n: index + 1 })}
                        onClick={() => move(index, index - 1)}
                      >
                        {t('adminContent.banners.space.up')}
                      </button>
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        disabled={index === banners.length - 1}
                        aria-label={t('adminContent.banners.space.downNamed', { n: index + 1 })}
                        onClick={() => move(index, index + 1)}
                      >
                        {t('adminContent.banners.space.down')}
                      </button>
                    </>
                  )}
                  {/* Changing or withdrawing waits until the new order is saved or undone. */}
                  {access.change && !changedOrder && (
                    <Link
                      href={bannerEditPath(space.spaceId, banner.id)}
                      className="button button--secondary button--small"
                      aria-label={t('adminContent.banners.space.editNamed', { n: index + 1 })}
                    >
                      {t('adminContent.banners.space.edit')}
                    </Link>
                  )}
                  {access.withdraw && !changedOrder && (
                    <button
                      type="button"
                      className="button button--danger button--small"
                      aria-label={t('adminContent.banners.space.withdrawNamed', { n: index + 1 })}
                      onClick={() => setWithdrawing({ banner, place: index + 1 })}
                    >
                      {t('adminContent.banners.space.withdraw')}
                    </button>
                  )}
                </>
              }
            />
          </li>
        ))}
      </ol>
      {withdrawing && (
        <WithdrawDialog
          spaceId={space.spaceId}
          banner={withdrawing.banner}
          place={withdrawing.place}
          onClose={() => setWithdrawing(null)}
        />
      )}
    </section>
  )
}

/** A banner with its place, its state and window, drawn as members see it, and what may be done. */
function BannerCard({
  banner,
  place,
  actions,
}: {
  banner: AdminBanner
  place: number | null
  actions?: React.ReactNode
}) {
  const titleId = `banner-${banner.id}`
  const time = (iso: string) => <time dateTime={iso}>{japanTime(iso)}</time>
  return (
    <article className="card console-card banner-card-admin" aria-labelledby={titleId}>
      <div className="banner-card-admin__head">
        <h3 id={titleId} className="banner-card-admin__title">
          {place !== null
            ? t('adminContent.banners.space.position', { n: place })
            : t('adminContent.banners.space.addedAt', { time: japanTime(banner.createdAt) })}
        </h3>
        <BannerStateBadge state={banner.state} />
        {banner.shown && (
          <span className="badge content-state--published">{t('adminContent.banners.space.shown')}</span>
        )}
      </div>
      <dl className="console-facts">
        <div>
          <dt>{t('adminContent.banners.space.window')}</dt>
          <dd>
            {t('adminContent.banners.space.from', { time: japanTime(banner.publishAt) })}{' '}
            {banner.publishUntil
              ? t('adminContent.banners.space.until', { time: japanTime(banner.publishUntil) })
              : t('adminContent.banners.space.noEnd')}
          </dd>
        </div>
        {banner.withdrawnAt && (
          <div>
            <dt>{t('adminContent.banners.space.withdrawnAt')}</dt>
            <dd>{time(banner.withdrawnAt)}</dd>
          </div>
        )}
      </dl>
      <BannerView html={banner.html} label={t('adminContent.banners.preview.title')} />
      {actions && <div className="console-head__actions">{actions}</div>}
    </article>
  )
}

/** Saves the order made here, with its reason; a space that changed meanwhile is read again. */
function OrderForm({
  spaceId,
  ids,
  onReset,
  onStale,
}: {
  spaceId: BannerSpace
  ids: string[]
  onReset: () => void
  /** The order was made from a list that changed meanwhile: `message` says so. */
  onStale: (message: string) => void
}) {
  const { changed } = useContent()
  const queryClient = useQueryClient()
  const form = useContractForm<'reason', BannerOrder, AdminBannerSpace>({
    fields: ['reason'],
    request: (values) => {
      const checked = bannerOrderSchema.safeParse({ bannerIds: ids, reason: readReason(values) })
      const wrong = schemaFieldErrors(checked.error, { reason: REASON_RULE })
      if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
      return { input: checked.data }
    },
    send: (input) => orderBanners(spaceId, input),
    messages: CONTENT_ERRORS,
    onError: (problem, error) => {
      if (errorCodeOf(error) !== 'ORDER_STALE') return false
      onStale(problem.message)
      return true
    },
    onSuccess: (space) => {
      // The answer is the space as it is now: shown at once, before the area is asked again.
      queryClient.setQueryData(bannerSpaceQueryKey(spaceId, 'current'), space)
      onReset()
      changed(bannerSpacePath(spaceId), t('adminContent.banners.space.order.saved'))
    },
  })
  return (
    <Form
      form={form}
      className="card console-card stack"
      aria-label={t('adminContent.banners.space.order.save')}
    >
      <p className="notice notice--warning">{t('adminContent.banners.space.order.changed')}</p>
      <ReasonField {...form.field('reason')} />
      <FormProblemNotice problem={form.problem} />
      <div className="content-form__actions">
        <SubmitButton
          pending={form.pending}
          className="button"
          pendingLabel={t('adminContent.banners.space.order.saving')}
        >
          {t('adminContent.banners.space.order.save')}
        </SubmitButton>
        <button type="button" className="button button--secondary" onClick={onReset} disabled={form.pending}>
          {t('adminContent.banners.space.order.reset')}
        </button>
      </div>
    </Form>
  )
}

/** Withdrawing a banner for good: what it does, confirmed, with its reason. */
function WithdrawDialog({
  spaceId,
  banner,
  place,
  onClose,
}: {
  spaceId: BannerSpace
  banner: AdminBanner
  place: number
  onClose: () => void
}) {
  const { changed } = useContent()
  return (
    <ReasonDialog
      texts={{
        title: t('adminContent.banners.withdraw.title'),
        body: t('adminContent.banners.withdraw.body', { n: place }),
        submit: t('adminContent.banners.withdraw.submit'),
        sending: t('adminContent.banners.withdraw.sending'),
      }}
      schema={bannerWithdrawSchema}
      send={(input: BannerWithdraw) => withdrawBanner(banner.id, input)}
      messages={CONTENT_ERRORS}
      danger
      onClose={onClose}
      onDone={() => changed(bannerSpacePath(spaceId), t('adminContent.banners.withdraw.done'))}
    >
      <BannerView html={banner.html} label={t('adminContent.banners.preview.title')} />
    </ReasonDialog>
  )
}

function WithdrawnBanners({ spaceId }: { spaceId: BannerSpace }) {
  const space = useBannerSpace(spaceId, 'withdrawn')
  return (
    <LoadedOr query={space} failure={t('adminContent.banners.space.loadFailed')}>
      {(loaded) =>
        loaded.banners.length === 0 ? (
          <p className="card console-card">{t('adminContent.banners.space.noneWithdrawn')}</p>
        ) : (
          <section className="console-list stack" aria-labelledby="banner-withdrawn-title">
            <h2 id="banner-withdrawn-title" className="visually-hidden">
              {t('adminContent.banners.space.tabs.withdrawn')}
            </h2>
            <p className="note">
              {t('adminContent.banners.space.withdrawnLead', { max: BANNER_ADMIN_LIMITS.listMax })}
            </p>
            <ul className="banner-list">
              {loaded.banners.map((banner) => (
                <li key={banner.id}>
                  <BannerCard banner={banner} place={null} />
                </li>
              ))}
            </ul>
          </section>
        )
      }
    </LoadedOr>
  )
}
