import { formatJst } from '@puribox/contract/time'
import type { MailMessage } from '../../ports/mail'

/** "11月21日 18:30" in Japan time. */
function shortJst(date: Date): string {
  const [, month, day, hour, minute] = /^\d{4}-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(formatJst(date)) ?? []
  return `${Number(month)}月${Number(day)}日 ${hour}:${minute}`
}

const SIGNATURE = [
  '――――――――――',
  'PuriBox（プリボックス）',
  'このメールは送信専用です。ご返信いただいてもお答えできません。',
]

export function verificationMail(options: {
  to: string
  code: string
  link: string
  expiresAt: Date
  minutes: number
}): MailMessage {
  return {
    to: options.to,
    subject: `【PuriBox】確認コード ${options.code}`,
    text: [
      'PuriBoxへのご登録ありがとうございます。',
      '',
      '確認コード',
      `　${options.code}`,
      '',
      '登録画面にこのコードを入力してください。',
      '下のリンクを開いても、そのまま登録を続けられます。',
      options.link,
      '',
      `有効期限：${shortJst(options.expiresAt)}まで（${options.minutes}分間）`,
      '',
      'お心当たりのない場合は、このメールを削除してください。登録は行われません。',
      '',
      ...SIGNATURE,
    ].join('\n'),
  }
}

/** Sent instead of a code when the address already has an account: the sender learns nothing. */
export function alreadyRegisteredMail(options: {
  to: string
  loginUrl: string
  inquiryUrl: string
}): MailMessage {
  return {
    to: options.to,
    subject: '【PuriBox】このメールアドレスは登録済みです',
    text: [
      'PuriBoxの新規登録で、このメールアドレスが入力されました。',
      'このアドレスはすでに登録されています。下のリンクからログインしてください。',
      options.loginUrl,
      '',
      'パスワードがわからない場合は、お問い合わせください。',
      options.inquiryUrl,
      '',
      'お心当たりのない場合は、このメールを削除してください。',
      '',
      ...SIGNATURE,
    ].join('\n'),
  }
}
