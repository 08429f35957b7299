import type {
  AdminInquiry,
  AdminInquiryDraft,
  InquiryNote,
  InquiryReply,
} from '@puribox/contract/admin-inquiries'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { t } from './i18n'
import { inquiryQueryKey, readInquiry } from './inquiries-api'
import { useInquiries } from './inquiries-context'
import { InquiriesPage, ReadOnlyNote } from './inquiries-page'
import { MASKED, Masked, OperatorName, StateBadge, When } from './inquiry-format'
import { InquiryHandling, TakeIt } from './inquiry-handling'
import { NoteForm, ReplyForm } from './inquiry-write'
import { LoadedOr } from './loaded-or'

/**
 * `/admin/inquiries/:inquiryId`: an inquiry whole. What the person sent, who handles it and its
 * state, the replies mailed and the internal notes in the order they were written; then, for an
 * operator who may, taking it, its state, a reply by mail and a note.
 */
export function InquiryScreen({ inquiryId }: { inquiryId: string }) {
  const { access, inboxAddress } = useInquiries()
  const inquiry = useQuery({
    queryKey: inquiryQueryKey(inquiryId),
    queryFn: ({ signal }) => readInquiry(inquiryId, signal),
  })
  // What the last change said, until the next one.
  const [said, setSaid] = useState<string | null>(null)
  const loaded = inquiry.data
  return (
    <InquiriesPage
      title={
        loaded
          ? t('adminInquiries.inquiry.title', { referenceNumber: loaded.referenceNumber })
          : t('adminInquiries.inquiry.untitled')
      }
      back={{ href: inboxAddress, label: t('adminInquiries.inquiry.back') }}
      actions={loaded && !access.acts ? <ReadOnlyNote /> : undefined}
    >
      {said && (
        <p className="notice console-flash" role="status">
          {said}
        </p>
      )}
      <LoadedOr query={inquiry} failure={t('adminInquiries.inquiry.loadFailed')}>
        {(loaded) => (
          <div className="inquiry-layout">
            <div className="inquiry-layout__main">
              {loaded.replyTo === MASKED && <p className="note">{t('adminInquiries.inquiry.maskedNote')}</p>}
              <InquiryMessage inquiry={loaded} />
              <InquiryThread inquiry={loaded} />
              {access.reply && <ReplyForm inquiry={loaded} onSaid={setSaid} />}
              {access.note && <NoteForm inquiry={loaded} onSaid={setSaid} />}
            </div>
            <div className="inquiry-layout__side">
              <InquiryFacts inquiry={loaded} onSaid={setSaid} />
              {(access.assign || access.changeState) && <InquiryHandling inquiry={loaded} onSaid={setSaid} />}
            </div>
          </div>
        )}
      </LoadedOr>
    </InquiriesPage>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/** Where the inquiry stands: its state, who has it, when it came and where answers go. */
function InquiryFacts({ inquiry, onSaid }: { inquiry: AdminInquiry; onSaid: (message: string) => void }) {
  const f = (key: 'state' | 'assignee' | 'topic' | 'receivedAt' | 'replyTo' | 'account' | 'mails') =>
    t(`adminInquiries.facts.${key}`)
  return (
    <section className="card console-card inquiry-facts" aria-labelledby="inquiry-facts-title">
      <h2 id="inquiry-facts-title" className="card__title">
        {t('adminInquiries.facts.title')}
      </h2>
      <dl className="console-facts">
        <Fact label={f('state')}>
          <StateBadge state={inquiry.state} />
        </Fact>
        <Fact label={f('assignee')}>
          <OperatorName operator={inquiry.assignee} none={t('adminInquiries.nobody')} />{' '}
          <TakeIt inquiry={inquiry} onSaid={onSaid} />
        </Fact>
        <Fact label={f('topic')}>{t(`inquiry.topics.${inquiry.topic}`)}</Fact>
        <Fact label={f('receivedAt')}>
          <When at={inquiry.receivedAt} />
        </Fact>
        <Fact label={f('replyTo')}>
          <span className="inquiry-address">
            <Masked value={inquiry.replyTo} />
          </span>
        </Fact>
        <Fact label={f('account')}>
          {inquiry.accountId === null ? (
            t('adminInquiries.guest')
          ) : (
            <code className="inquiry-code">{inquiry.accountId}</code>
          )}
        </Fact>
        <Fact label={f('mails')}>
          <MailSent label={t('adminInquiries.facts.confirmation')} at={inquiry.confirmationMailedAt} />
          <MailSent label={t('adminInquiries.facts.support')} at={inquiry.supportMailedAt} />
        </Fact>
      </dl>
    </section>
  )
}

function MailSent({ label, at }: { label: string; at: string | null }) {
  return (
    <span className="inquiry-sub inquiry-sub--plain">
      {label}
      {t('adminInquiries.facts.separator')}
      {at ? <When at={at} /> : <span className="inquiry-warning">{t('adminInquiries.facts.notMailed')}</span>}
    </span>
  )
}

/** What the person wrote, and every other field their topic asked for and they gave. */
function InquiryMessage({ inquiry }: { inquiry: AdminInquiry }) {
  return (
    <section className="card console-card" aria-labelledby="inquiry-message-title">
      <h2 id="inquiry-message-title" className="card__title">
        {t('adminInquiries.message.title')}
      </h2>
      <p className="inquiry-text">
        <Masked value={inquiry.draft.text} />
      </p>
      <dl className="console-facts inquiry-draft">
        {draftFacts(inquiry.draft).map((fact) => (
          <Fact key={fact.label} label={fact.label}>
            {fact.value}
          </Fact>
        ))}
      </dl>
    </section>
  )
}

/** The draft's fields that hold something, each with its label, in the order the form asks them. */
function draftFacts(draft: AdminInquiryDraft): { label: string; value: ReactNode }[] {
  const label = (key: Exclude<keyof AdminInquiryDraft, 'text'>) => t(`adminInquiries.message.${key}`)
  const list = (values: readonly string[]) => (
    <ul className="inquiry-values">
      {values.map((value, index) => (
        // The same masked value may stand several times.
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
        <li key={index}>
          <Masked value={value} />
        </li>
      ))}
    </ul>
  )
  const image = draft.checkedImage
  const { carrier, accountKind, paymentKind, paymentPrice } = draft
  const facts: { label: string; value: ReactNode }[] = [
    { label: label('mailAddresses'), value: draft.mailAddresses.length > 0 && list(draft.mailAddresses) },
    { label: label('sealIds'), value: draft.sealIds.length > 0 && list(draft.sealIds) },
    {
      label: label('checkedImage'),
      value:
        image &&
        (image.sealId === MASKED ? (
          <Masked value={image.sealId} />
        ) : (
          t('inquiry.fields.checkedImageOption', { sealId: image.sealId, number: image.number })
        )),
    },
    { label: label('machine'), value: draft.machine },
    { label: label('shop'), value: draft.shop },
    { label: label('date'), value: draft.date },
    { label: label('carrier'), value: carrier && t(`inquiry.values.carrier.${carrier}`) },
    { label: label('accountKind'), value: accountKind && t(`inquiry.values.accountKind.${accountKind}`) },
    { label: label('paymentKind'), value: paymentKind && t(`inquiry.values.paymentKind.${paymentKind}`) },
    {
      label: label('paymentPrice'),
      value:
        paymentPrice !== null && t('inquiry.values.price', { price: paymentPrice.toLocaleString('ja-JP') }),
    },
    {
      label: label('howToRegister'),
      value: draft.howToRegister
        .map((way) => t(`inquiry.values.howToRegister.${way}`))
        .join(t('inquiry.values.listSeparator')),
    },
  ]
  // What the topic did not ask for, or the person left out, is not listed.
  return facts.filter((fact) => fact.value !== null && fact.value !== false && fact.value !== '')
}

type ThreadItem =
  | { kind: 'reply'; at: string; reply: InquiryReply }
  | { kind: 'note'; at: string; note: InquiryNote }

/** The replies mailed and the notes written, oldest first, each marked which it is. */
function InquiryThread({ inquiry }: { inquiry: AdminInquiry }) {
  const items: ThreadItem[] = [
    ...inquiry.replies.map((reply) => ({ kind: 'reply' as const, at: reply.sentAt, reply })),
    ...inquiry.notes.map((note) => ({ kind: 'note' as const, at: note.createdAt, note })),
  ].sort((a, b) => a.at.localeCompare(b.at))
  return (
    <section className="console-list" aria-labelledby="inquiry-thread-title">
      <h2 id="inquiry-thread-title" className="section-title">
        {t('adminInquiries.thread.title', { replies: inquiry.replies.length, notes: inquiry.notes.length })}
      </h2>
      {items.length === 0 ? (
        <p className="card console-card">{t('adminInquiries.thread.none')}</p>
      ) : (
        <ol className="inquiry-thread">
          {items.map((item) =>
            item.kind === 'reply' ? (
              <ReplyItem key={`reply-${item.reply.id}`} reply={item.reply} />
            ) : (
              <NoteItem key={`note-${item.note.id}`} note={item.note} />
            ),
          )}
        </ol>
      )}
    </section>
  )
}

const GONE = () => t('adminInquiries.thread.operatorGone')

function ReplyItem({ reply }: { reply: InquiryReply }) {
  return (
    <li className="inquiry-entry inquiry-entry--reply">
      <p className="inquiry-entry__head">
        <span className="badge inquiry-entry__kind">{t('adminInquiries.thread.reply')}</span>
        <OperatorName operator={reply.operator} none={GONE()} />
        <When at={reply.sentAt} />
      </p>
      <dl className="inquiry-entry__mail">
        <div>
          <dt>{t('adminInquiries.thread.to')}</dt>
          <dd className="inquiry-address">
            <Masked value={reply.mailAddress} />
          </dd>
        </div>
        <div>
          <dt>{t('adminInquiries.thread.subject')}</dt>
          <dd>{reply.subject}</dd>
        </div>
      </dl>
      <p className="inquiry-text">
        <Masked value={reply.text} />
      </p>
    </li>
  )
}

function NoteItem({ note }: { note: InquiryNote }) {
  return (
    <li className="inquiry-entry inquiry-entry--note">
      <p className="inquiry-entry__head">
        <span className="badge inquiry-entry__kind">{t('adminInquiries.thread.note')}</span>
        <OperatorName operator={note.operator} none={GONE()} />
        <When at={note.createdAt} />
      </p>
      <p className="inquiry-text">
        <Masked value={note.text} />
      </p>
    </li>
  )
}
