import type { AdminSeal, AdminSealOwner, AdminSealPuri } from '@puribox/contract/admin-seals'
import { formatSealId } from '@puribox/contract/seal-id'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link, Redirect } from 'wouter'
import type { WithClock } from '../../lib/api-client'
import { loadedOrWith } from '../kit/loaded-or'
import { t } from './i18n'
import { japanTime, MASKED } from './seal-format'
import { SealHiding } from './seal-hiding'
import { SealLookupForm } from './seal-lookup-form'
import { SEAL_ERRORS } from './seal-messages'
import { SealPage } from './seal-page'
import {
  boothMachinePath,
  boothShopPath,
  LOOKUP_PATH,
  memberPagePath,
  sealAuditPath,
  sealIdOf,
  sealOwnersSearchPath,
  sealPath,
} from './seal-paths'
import { readSeal, sealQueryKey } from './seals-api'
import { useSeals } from './seals-context'

const SealLoadedOr = loadedOrWith(SEAL_ERRORS)

/**
 * `/admin/seals/:sealId`: a seal as operators see it — whether members see it, where and when it was
 * played, its pictures and who saved which — with stopping and restarting its publication for the
 * roles that may. An address with the ID as typed goes to the canonical one; one that is no seal ID
 * asks nothing and says so beside the lookup.
 */
export function SealScreen({ typed }: { typed: string }) {
  const sealId = sealIdOf(typed)
  if (sealId === null) {
    return (
      <SealPage title={t('adminSeals.seal.untitled')} trail>
        <SealLookupForm initial={typed} initialError={t('adminSeals.lookup.errors.malformed')} />
      </SealPage>
    )
  }
  if (sealId !== typed) return <Redirect to={sealPath(sealId)} replace />
  return <SealFound sealId={sealId} />
}

function SealFound({ sealId }: { sealId: string }) {
  const queryClient = useQueryClient()
  const [said, setSaid] = useState<Said | null>(null)
  const seal = useQuery({
    queryKey: sealQueryKey(sealId),
    queryFn: ({ signal }) => readSeal(sealId, signal),
  })

  function changed(answer: WithClock<AdminSeal>, message: string) {
    queryClient.setQueryData(sealQueryKey(sealId), answer)
    setSaid({ message, tone: 'done' })
  }

  function stale(message: string) {
    void queryClient.invalidateQueries({ queryKey: sealQueryKey(sealId) })
    setSaid({ message, tone: 'warning' })
  }

  return (
    <SealPage title={t('adminSeals.seal.title', { sealId: formatSealId(sealId) })} trail>
      <SealLoadedOr
        query={seal}
        failure={t('adminSeals.seal.loadFailed')}
        afterFailure={<SealLookupForm initial={formatSealId(sealId)} />}
      >
        {(found) => (
          <>
            {said && <SaidNotice said={said} />}
            <SealHiding seal={found} onChanged={changed} onStale={stale} />
            <SealFacts seal={found} />
            <SealPictures seal={found} />
            <SealOwners seal={found} />
            <p className="seal-links">
              <Link href={sealAuditPath(sealId)} className="text-link">
                {t('adminSeals.seal.auditLink')}
              </Link>
              <Link href={LOOKUP_PATH} className="text-link">
                {t('adminSeals.seal.other')}
              </Link>
            </p>
          </>
        )}
      </SealLoadedOr>
    </SealPage>
  )
}

/** What the page says above the seal after a change was sent from it. */
interface Said {
  message: string
  /** Done as asked, or not done because someone else changed the seal first. */
  tone: 'done' | 'warning'
}

/** What a change made from this page came to: the form it was sent from is gone, so focus comes here. */
function SaidNotice({ said }: { said: Said }) {
  const ref = useRef<HTMLParagraphElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus again whenever there is something new to say
  useEffect(() => ref.current?.focus(), [said])
  return said.tone === 'done' ? (
    <p className="notice seal-done" role="status" tabIndex={-1} ref={ref}>
      {said.message}
    </p>
  ) : (
    <p className="notice notice--warning" role="alert" tabIndex={-1} ref={ref}>
      {said.message}
    </p>
  )
}

function SealFacts({ seal }: { seal: AdminSeal }) {
  const s = 'adminSeals.seal'
  return (
    <section className="card console-card" aria-labelledby="seal-facts-title">
      <h2 id="seal-facts-title" className="card__title">
        {t(`${s}.facts`)}
      </h2>
      <dl className="console-facts">
        <div>
          <dt>{t(`${s}.sealId`)}</dt>
          <dd>
            <code className="seal-code">{formatSealId(seal.sealId)}</code>
          </dd>
        </div>
        <div>
          <dt>{t(`${s}.shotAt`)}</dt>
          <dd>
            <time dateTime={seal.shotAt}>{japanTime(seal.shotAt)}</time>
          </dd>
        </div>
        <div>
          <dt>{t(`${s}.expiresAt`)}</dt>
          <dd>
            <time dateTime={seal.expiresAt}>{japanTime(seal.expiresAt)}</time>
            {seal.expired && <span className="badge seal-expired">{t(`${s}.expired`)}</span>}
          </dd>
        </div>
        <div>
          <dt>{t(`${s}.machine`)}</dt>
          <dd>
            <Link href={boothMachinePath(seal.machine.id)} className="text-link">
              {seal.machine.name}
            </Link>
            <code className="seal-code seal-sub">{seal.machine.id}</code>
          </dd>
        </div>
        <div>
          <dt>{t(`${s}.shop`)}</dt>
          <dd>
            <Link href={boothShopPath(seal.machine.shopId)} className="text-link">
              {seal.machine.shopName}
            </Link>
          </dd>
        </div>
      </dl>
    </section>
  )
}

/** The pictures still kept, each as a thumbnail that opens its larger size in a tab of its own. */
function SealPictures({ seal }: { seal: AdminSeal }) {
  const { operator, access } = useSeals()
  const p = 'adminSeals.pictures'
  return (
    <section className="card console-card" aria-labelledby="seal-pictures-title">
      <h2 id="seal-pictures-title" className="card__title">
        {t(`${p}.title`)} <span className="seal-count">{t(`${p}.count`, { count: seal.puris.length })}</span>
      </h2>
      {seal.expired && <p className="note">{t(`${p}.expiredNote`)}</p>}
      {seal.puris.length === 0 ? (
        <p className="note">{t(`${p}.none`)}</p>
      ) : !access.pictures ? (
        <p className="note">{t(`${p}.notAllowed`, { role: t(`admin.roles.${operator.role}`) })}</p>
      ) : (
        <ul className="seal-pictures">
          {seal.puris.map((puri) => (
            <li key={puri.number}>
              <Picture puri={puri} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Picture({ puri }: { puri: AdminSealPuri }) {
  const p = 'adminSeals.pictures'
  return (
    <figure className="seal-picture">
      <img src={puri.thumbnailUrl} alt={t(`${p}.alt`, { number: puri.number })} loading="lazy" />
      <figcaption>
        <span>{t(`${p}.number`, { number: puri.number })}</span>
        {puri.isRawPuri && <span className="badge seal-tag">{t(`${p}.raw`)}</span>}
        {puri.isProofSample && <span className="badge seal-tag">{t(`${p}.proof`)}</span>}
        <a
          href={puri.mediumUrl}
          target="_blank"
          rel="noopener"
          className="text-link"
          aria-label={t(`${p}.enlargeNamed`, { number: puri.number })}
        >
          {t(`${p}.enlarge`)}
        </a>
      </figcaption>
    </figure>
  )
}

/** Who saved the seal, the first first, with the pictures saved to each and when. */
function SealOwners({ seal }: { seal: AdminSeal }) {
  const { operator } = useSeals()
  const o = 'adminSeals.owners'
  const masked = seal.owners.some((owner) => owner.accountId === MASKED)
  return (
    <section className="card console-card" aria-labelledby="seal-owners-title">
      <h2 id="seal-owners-title" className="card__title">
        {t(`${o}.title`)} <span className="seal-count">{t(`${o}.count`, { count: seal.owners.length })}</span>
      </h2>
      {seal.owners.length === 0 ? (
        <p className="note">{t(`${o}.none`)}</p>
      ) : (
        <>
          {masked && (
            <p className="note">{t(`${o}.maskedNote`, { role: t(`admin.roles.${operator.role}`) })}</p>
          )}
          <table className="console-table card-table seal-table">
            <thead>
              <tr>
                <th scope="col">{t(`${o}.account`)}</th>
                <th scope="col">{t(`${o}.registeredAt`)}</th>
                <th scope="col">{t(`${o}.pictures`)}</th>
              </tr>
            </thead>
            <tbody>
              {seal.owners.map((owner, index) => (
                // A masked account has no id to tell it by: its place is its key.
                <OwnerRow
                  key={owner.accountId === MASKED ? `masked-${index}` : owner.accountId}
                  owner={owner}
                />
              ))}
            </tbody>
          </table>
          <p>
            <Link href={sealOwnersSearchPath(seal.sealId)} className="text-link">
              {t(`${o}.membersLink`)}
            </Link>
          </p>
        </>
      )}
    </section>
  )
}

function OwnerRow({ owner }: { owner: AdminSealOwner }) {
  const o = 'adminSeals.owners'
  return (
    <tr>
      <th scope="row" data-label={t(`${o}.account`)}>
        {owner.accountId === MASKED ? (
          <span className="seal-masked">{t('adminSeals.masked')}</span>
        ) : (
          <Link href={memberPagePath(owner.accountId)} className="text-link seal-code">
            {owner.accountId}
          </Link>
        )}
      </th>
      <td data-label={t(`${o}.registeredAt`)}>
        <time dateTime={owner.registeredAt}>{japanTime(owner.registeredAt)}</time>
      </td>
      <td data-label={t(`${o}.pictures`)}>
        {owner.pictures.length === 0 ? (
          <span className="seal-none">{t(`${o}.noPictures`)}</span>
        ) : (
          <ul className="seal-saved">
            {owner.pictures.map((picture) => (
              <li key={picture.number}>
                {t(`${o}.picture`, { number: picture.number, time: japanTime(picture.savedAt) })}
              </li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  )
}
