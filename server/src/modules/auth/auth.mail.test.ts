import { describe, expect, it } from 'vitest'
import text from '../../locales/ja/mail.json' with { type: 'json' }
import type { MailMessage } from '../../ports/mail'
import {
  alreadyRegisteredMail,
  passwordChangedMail,
  passwordResetMail,
  passwordResetNoPasswordMail,
  verificationMail,
} from './auth.mail'

const SIGNATURE =
  '――――――――――\nPuriBox（プリボックス）\nこのメールは送信専用です。ご返信いただいてもお答えできません。'

/**
 * Every mail of `locales/ja/mail.json`, rendered. Typed by the file's keys: a mail added there
 * without a line here does not compile.
 */
const rendered: Record<Exclude<keyof typeof text, 'dateTime' | 'signature'>, MailMessage> = {
  verification: verificationMail({
    to: 'hana@example.jp',
    code: '042917',
    link: 'http://localhost:3000/sp/account/registerMailSent?verificationId=v&token=t',
    expiresAt: new Date('2026-11-20T03:30:00Z'),
    minutes: 30,
  }),
  alreadyRegistered: alreadyRegisteredMail({
    to: 'hana@example.jp',
    loginUrl: 'http://localhost:3000/web/login/top',
    resetUrl: 'http://localhost:3000/web/login/password_reset',
  }),
  passwordReset: passwordResetMail({
    to: 'hana@example.jp',
    code: '731904',
    link: 'http://localhost:3000/web/login/password_reset?resetId=r&token=t',
    expiresAt: new Date('2026-11-20T03:30:00Z'),
    minutes: 30,
  }),
  passwordResetNoPassword: passwordResetNoPasswordMail({
    to: 'hana@example.jp',
    loginUrl: 'http://localhost:3000/web/login/top',
    registerUrl: 'http://localhost:3000/sp/account/register_email',
  }),
  passwordChanged: passwordChangedMail({
    to: 'hana@example.jp',
    changedAt: new Date('2026-11-20T03:12:00Z'),
    resetUrl: 'http://localhost:3000/web/login/password_reset',
    inquiryUrl: 'http://localhost:3000/sp/common/inquiry',
  }),
}

describe('mails', () => {
  it.each(Object.entries(rendered))('%s: every placeholder of its texts is filled', (_, mail) => {
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(/\{\{.*?\}\}/)
  })

  it('the code mail reads as written, the code on a line of its own and in the subject', () => {
    expect(rendered.verification).toEqual({
      to: 'hana@example.jp',
      subject: '【PuriBox】確認コード 042917',
      text: [
        'PuriBoxの確認コードをお送りします。',
        '',
        '確認コード',
        '　042917',
        '',
        'PuriBoxの画面に、このコードを入力してください。',
        '下のリンクを開いても、そのまま手続きを続けられます。',
        'http://localhost:3000/sp/account/registerMailSent?verificationId=v&token=t',
        '',
        '有効期限：11月20日 12:30まで（30分間）',
        '',
        'お心当たりのない場合は、このメールを削除してください。メールアドレスは登録されません。',
        '',
        SIGNATURE,
      ].join('\n'),
    })
  })

  it('the expiry is in Japan time, whatever the day and hour', () => {
    const mail = verificationMail({
      to: 'hana@example.jp',
      code: '000001',
      link: 'http://localhost:3000/x',
      expiresAt: new Date('2026-01-04T15:05:00Z'),
      minutes: 5,
    })
    expect(mail.text).toContain('有効期限：1月5日 00:05まで（5分間）')
  })

  it('the mail to an address that has an account reads as written', () => {
    expect(rendered.alreadyRegistered).toEqual({
      to: 'hana@example.jp',
      subject: '【PuriBox】このメールアドレスは登録済みです',
      text: [
        'PuriBoxで、このメールアドレスが入力されました。',
        'このメールアドレスは、すでにPuriBoxに登録されています。下のリンクからログインしてください。',
        'http://localhost:3000/web/login/top',
        '',
        'パスワードを忘れた場合は、下のリンクから再設定できます。',
        'http://localhost:3000/web/login/password_reset',
        '',
        'お心当たりのない場合は、このメールを削除してください。',
        '',
        SIGNATURE,
      ].join('\n'),
    })
  })

  it('the reset mail has the code on a line of its own and in the subject, the link, and its lifetime', () => {
    expect(rendered.passwordReset.subject).toBe('【PuriBox】パスワードの再設定 確認コード 731904')
    expect(rendered.passwordReset.text).toContain('確認コード\n　731904\n')
    expect(rendered.passwordReset.text).toContain(
      '\nhttp://localhost:3000/web/login/password_reset?resetId=r&token=t\n',
    )
    expect(rendered.passwordReset.text).toContain(
      '有効期限：11月20日 12:30まで（30分間）\nコードとリンクは1回だけ使えます。',
    )
  })

  it('the mail to an address without a password says how to sign in instead, and how to register', () => {
    const { subject, text: body } = rendered.passwordResetNoPassword
    expect(subject).toBe('【PuriBox】パスワードの再設定について')
    expect(body).toContain('このメールアドレスとパスワードでログインできるアカウントはありません。')
    expect(body).toContain('LINE・X・携帯電話会社（au ID・dアカウント・SoftBank ID）')
    expect(body).toContain('\nhttp://localhost:3000/web/login/top\n')
    expect(body).toContain('\nhttp://localhost:3000/sp/account/register_email\n')
  })

  it('the "password changed" mail says when, that other devices are signed out, and what to do if it was not you', () => {
    const { subject, text: body } = rendered.passwordChanged
    expect(subject).toBe('【PuriBox】パスワードを再設定しました')
    expect(body).toContain('日時：11月20日 12:12\n')
    expect(body).toContain('ほかの端末やブラウザは、すべてログアウトしました。')
    expect(body).toContain('お心当たりのない場合は')
    expect(body).toContain('\nhttp://localhost:3000/web/login/password_reset\n')
  })
})
