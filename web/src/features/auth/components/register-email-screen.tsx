import { AUTH_LIMITS, normalizeMailAddress } from '@puribox/contract/auth'
import { links } from '@puribox/contract/pages'
import { loginPath, mailSentPath } from '@puribox/contract/registration-paths'
import { sameOriginPath } from '@puribox/contract/safe-redirect'
import { useId, useRef, useState } from 'react'
import { useLocation, useSearchParams } from 'wouter'
import { AppLink } from '../../../components/app-link'
import { describedBy, FieldNotes } from '../../../components/form/field-notes'
import { Form, SubmitButton } from '../../../components/form/form'
import { TextField } from '../../../components/form/text-field'
import { useContractForm } from '../../../components/form/use-contract-form'
import { PageTitle } from '../../../components/page-title'
import auth from '../../../locales/ja/auth.json'
import { useAccountSelf } from '../../account/api/get-account-self'
import { PolicyConsentBoxes, usePolicyConsent } from '../../policies/public'
import { t } from '../i18n'
import { messageWithWait } from '../wait-time'
import { ExternalSignIn } from './external-sign-in'
import { RegistrationSteps } from './registration-steps'
import { TermsLink } from './terms-link'
import '../auth.css'

/**
 * The agreement made before LINE, X or a carrier's ID makes an account: the two policies and one
 * tick box. The buttons carry the versions once it is ticked; before that a tap says to tick it.
 */
function useExternalAgreement(enabled: boolean) {
  const consent = usePolicyConsent({ enabled })
  const [ticked, setTicked] = useState(false)
  const [missing, setMissing] = useState(false)
  const boxRef = useRef<HTMLInputElement>(null)
  const boxId = useId()
  const agreed = consent.state === 'none' ? [] : ticked ? consent.versions : null
  const error = missing && !ticked ? t('auth.agreement.missing') : null

  const agreement = {
    agreed,
    onNotAgreed: () => {
      setMissing(true)
      boxRef.current?.focus()
    },
  }
  const view = (
    <div className="stack">
      {consent.state !== 'none' && <p>{t('auth.agreement.lead')}</p>}
      <PolicyConsentBoxes consent={consent} />
      {consent.state === 'ready' && (
        <div className="field">
          <label className="check" htmlFor={boxId}>
            <input
              ref={boxRef}
              id={boxId}
              type="checkbox"
              className="check__box"
              checked={ticked}
              onChange={(event) => setTicked(event.target.checked)}
              aria-invalid={Boolean(error)}
              aria-describedby={describedBy(boxId, { error })}
            />
            <span>{t('auth.agreement.check')}</span>
          </label>
          <FieldNotes id={boxId} error={error} />
          <TermsLink className="text-link" />
        </div>
      )}
    </div>
  )
  return { agreement, view }
}

/**
 * `/sp/account/register_email`: free registration — LINE, X or a carrier's ID first (after agreeing
 * to the policies here), then by mail, whose step 1 is the mail address here (the policies are
 * agreed on its step 3). The code arrives by mail and is entered on `/sp/account/registerMailSent`.
 * Without JavaScript (or before it has loaded on a weak signal) the form posts to the server's form
 * variant, which comes back here with `?error=` and the typed address when something is wrong.
 */
export function RegisterEmailScreen() {
  const [searchParams] = useSearchParams()
  const [, navigate] = useLocation()
  const next = sameOriginPath(searchParams.get('next'))
  const viewer = useAccountSelf().data
  // A member comes here to add an address (an account made by LINE has none) or to change it.
  const member = viewer !== undefined && viewer.membershipStatus !== 'GUEST'
  const serverError = searchParams.get('error')
  const external = useExternalAgreement(!member)
  const send = useContractForm({
    route: member ? 'startMailVerification' : 'sendVerificationMail',
    fields: ['mailAddress'],
    request: (values) => {
      const typed = values.text('mailAddress')
      const mailAddress = normalizeMailAddress(typed)
      // The mail's link carries where the person was going (a seal to save), for any browser.
      if (mailAddress) return { input: { body: member || !next ? { mailAddress } : { mailAddress, next } } }
      const problem = typed.trim() === '' ? 'auth.register.errors.empty' : 'auth.register.errors.malformed'
      return { errors: { mailAddress: t(problem) } }
    },
    messages: (code, _values, retryAfterSeconds) =>
      messageWithWait(auth.register.errors, code, retryAfterSeconds),
    fieldOf: 'mailAddress',
    // The form variant's answer (no JavaScript) says the code only, not how long to wait.
    initialErrors: serverError
      ? { mailAddress: messageWithWait(auth.register.errors, serverError, null) }
      : {},
    onSuccess: (sent) =>
      navigate(
        mailSentPath({
          verificationId: sent.verificationId,
          mailAddress: sent.mailAddress,
          expireDate: sent.expireDate,
          next,
        }),
      ),
  })

  const title = member ? t('auth.register.memberTitle') : t('auth.register.title')
  return (
    <div className="page">
      <PageTitle page={title} />
      <h1 className="page__title">{title}</h1>
      {member && <RegistrationSteps current="mail" />}
      {/* LINE and the others first: in Japan most people sign up with LINE. */}
      {!member && (
        <section className="card">
          <ExternalSignIn mode="register" next={next ?? undefined} agreement={external.agreement}>
            {external.view}
          </ExternalSignIn>
        </section>
      )}
      <section className="card">
        {!member && <h2 className="section-title">{t('auth.register.mailTitle')}</h2>}
        {!member && <RegistrationSteps current="mail" />}
        <p>{member ? t('auth.register.memberLead') : t('auth.register.lead')}</p>
        <Form
          form={send}
          className="stack"
          method="post"
          action={member ? undefined : '/sp/account/send_register_mail_from_form'}
        >
          <TextField
            {...send.field('mailAddress')}
            label={t('auth.register.mailLabel')}
            hint={t('auth.register.mailHint')}
            type="email"
            defaultValue={searchParams.get('mailAddress') ?? ''}
            autoComplete="email"
            inputMode="email"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={AUTH_LIMITS.mailAddressMax}
          />
          {next && <input type="hidden" name="next" value={next} />}
          <SubmitButton pending={send.pending} pendingLabel={t('auth.register.sending')}>
            {t('auth.register.send')}
          </SubmitButton>
        </Form>
      </section>
      {!member && (
        <section className="card card--soft">
          <h2 className="card__title">{t('auth.register.haveAccount')}</h2>
          <AppLink
            href={next ? loginPath(next) : links.login}
            className="button button--block button--secondary"
          >
            {t('auth.register.toLogin')}
          </AppLink>
        </section>
      )}
    </div>
  )
}
