// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/api-client'
import { mockApi } from '../../testing/mock-api'
import { renderWithProviders, wrapperResponse } from '../../testing/render'
import { BirthdayField, readBirthday } from './birthday-field'
import { Form, FormProblemNotice, SubmitButton } from './form'
import { PasswordField } from './password-field'
import { TextField } from './text-field'
import { type FieldErrors, useContractForm } from './use-contract-form'

type Field = 'mailAddress' | 'password' | 'birthday'

/** A form of the kit as a screen writes one: the login route, with a birthday to have three fields. */
function SignUpLikeForm({ onSent = () => {} }: { onSent?: () => void }) {
  const form = useContractForm({
    route: 'login',
    fields: ['mailAddress', 'password', 'birthday'],
    request: (values) => {
      const errors: FieldErrors<Field> = {}
      const mailAddress = values.text('mailAddress').trim()
      if (mailAddress === '') errors.mailAddress = 'メールアドレスを入力してください。'
      if (values.text('password') === '') errors.password = 'パスワードを入力してください。'
      if (readBirthday(values, 'birthday') === 'incomplete')
        errors.birthday = '年・月・日をすべて選んでください。'
      if (Object.keys(errors).length > 0) return { errors }
      return { input: { body: { mailAddress, password: values.text('password') } } }
    },
    messages: { LOGIN_FAILED: 'メールアドレスまたはパスワードが違います。' },
    fieldOf: { PASSWORD_INVALID: 'password' },
    draft: 'test-form',
    onSuccess: onSent,
  })
  return (
    <Form form={form} className="stack">
      <TextField
        {...form.field('mailAddress')}
        label="メールアドレス"
        defaultValue={form.initial('mailAddress', '')}
      />
      <PasswordField {...form.field('password')} label="パスワード" />
      <BirthdayField
        {...form.field('birthday')}
        legend="生年月日"
        defaultValue={{
          year: form.initial('birthdayYear', ''),
          month: form.initial('birthdayMonth', ''),
          day: form.initial('birthdayDay', ''),
        }}
        fromYear={1990}
        toYear={2000}
      />
      <FormProblemNotice problem={form.problem} />
      <SubmitButton pending={form.pending} pendingLabel="送信中…">
        送信する
      </SubmitButton>
    </Form>
  )
}

const mail = () => screen.getByLabelText<HTMLInputElement>('メールアドレス')
const password = () => screen.getByLabelText<HTMLInputElement>('パスワード')
const send = () => fireEvent.click(screen.getByRole('button', { name: /送信/ }))
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } })

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('useContractForm', () => {
  it('tells every wrong field next to it in Japanese, sends nothing, and lists them at the top', () => {
    const calls = mockApi({})
    renderWithProviders(<SignUpLikeForm />)
    type(screen.getByLabelText('生年月日の年'), '1995')
    send()

    const mailError = within(mail().closest('.field') as HTMLElement).getByRole('alert')
    expect(mailError.textContent).toBe('メールアドレスを入力してください。')
    expect(mail().getAttribute('aria-invalid')).toBe('true')
    expect(mail().getAttribute('aria-describedby')).toBe(mailError.id)
    expect(password().getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByLabelText('生年月日の月').getAttribute('aria-invalid')).toBe('true')
    expect(calls).toEqual([])

    // The summary: not an alert of its own (each field's message is one), but where focus goes.
    const summary = screen.getByRole('heading', {
      name: '入力内容にまちがいがあります。下の項目を確認してください。',
    }).parentElement!
    expect(document.activeElement).toBe(summary)
    expect(summary.getAttribute('aria-labelledby')).toBe(screen.getByRole('heading').id)
    const links = within(summary).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual([
      'メールアドレスを入力してください。',
      'パスワードを入力してください。',
      '年・月・日をすべて選んでください。',
    ])
    expect(links[0]!.getAttribute('href')).toBe(`#${mail().id}`)
    fireEvent.click(links[1]!)
    expect(document.activeElement).toBe(password())
    fireEvent.click(links[2]!)
    expect(document.activeElement).toBe(screen.getByLabelText('生年月日の年'))
  })

  it('with one wrong field, focus goes to it and there is no summary', () => {
    mockApi({})
    renderWithProviders(<SignUpLikeForm />)
    type(mail(), 'hana@example.jp')
    send()
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'パスワードを入力してください。',
    ])
    expect(
      screen.queryByRole('heading', { name: '入力内容にまちがいがあります。下の項目を確認してください。' }),
    ).toBeNull()
    expect(document.activeElement).toBe(password())
  })

  it("sends through the contract route, busy meanwhile, and maps the server's codes back", async () => {
    let answer: () => Response = () =>
      wrapperResponse({ error: { code: 'PASSWORD_INVALID', message: 'x' } }, 400)
    let release: () => void = () => {}
    const calls = mockApi({
      'POST /sp//ajax/login/': () =>
        new Promise((resolve, reject) => {
          release = () => {
            try {
              resolve(answer())
            } catch (error) {
              reject(error)
            }
          }
        }),
    })
    /** Sends, waits for the request to be out, then lets the answer come. */
    async function sendAndAnswer() {
      const before = calls.length
      send()
      await waitFor(() => expect(calls.length).toBe(before + 1))
      await act(async () => release())
    }
    renderWithProviders(<SignUpLikeForm />)
    type(mail(), ' hana@example.jp ')
    type(password(), 'short')
    send()

    const button = screen.getByRole<HTMLButtonElement>('button', { name: '送信中…' })
    expect(button.disabled).toBe(true)
    expect(button.closest('form')?.getAttribute('aria-busy')).toBe('true')
    await waitFor(() =>
      expect(calls.map((call) => [call.key, call.body])).toEqual([
        ['POST /sp//ajax/login/', { mailAddress: 'hana@example.jp', password: 'short' }],
      ]),
    )

    // A code that belongs to a field: next to it (no message of the screen's: the common generic one).
    await act(async () => release())
    const passwordError = within(password().closest('.field') as HTMLElement).getByRole('alert')
    expect(passwordError.textContent).toBe('うまくいきませんでした。時間をおいて、もう一度お試しください。')
    expect(document.activeElement).toBe(password())
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '送信する' }).disabled).toBe(false)

    // A code of the screen's own, above the button; one with a common sentence; what was typed stays.
    answer = () => wrapperResponse({ error: { code: 'LOGIN_FAILED', message: 'x' } }, 401)
    await sendAndAnswer()
    expect(screen.getByRole('alert').textContent).toBe('メールアドレスまたはパスワードが違います。')
    answer = () => wrapperResponse({ error: { code: 'VALIDATION_FAILED', message: 'invalid body' } }, 400)
    await sendAndAnswer()
    expect(screen.getByRole('alert').textContent).toBe(
      'うまくいきませんでした。時間をおいて、もう一度お試しください。',
    )
    answer = () => {
      throw new TypeError('Failed to fetch')
    }
    await sendAndAnswer()
    expect(screen.getByRole('alert').textContent).toContain('通信できませんでした')
    expect(mail().value).toBe(' hana@example.jp ')
    expect(password().value).toBe('short')
  })

  it('keeps a half-typed form in this tab, never the password, and forgets it once sent', async () => {
    mockApi({
      'POST /sp//ajax/login/': () => wrapperResponse({ entity: { account: null, membershipStatus: 'MINI' } }),
    })
    const sent = vi.fn()
    /** The page, reloaded by a tap: the form is made anew in the same tab. */
    function Reloadable() {
      const [loads, setLoads] = useState(0)
      return (
        <>
          <button type="button" onClick={() => setLoads(loads + 1)}>
            再読み込み
          </button>
          <SignUpLikeForm key={loads} onSent={sent} />
        </>
      )
    }
    renderWithProviders(<Reloadable />)
    type(mail(), 'hana@example.jp')
    type(password(), 'sakura-purikura-7')
    type(screen.getByLabelText('生年月日の年'), '1998')
    fireEvent.click(screen.getByRole('button', { name: '再読み込み' }))

    expect(mail().value).toBe('hana@example.jp')
    expect(screen.getByLabelText<HTMLSelectElement>('生年月日の年').value).toBe('1998')
    expect(password().value).toBe('')
    expect(sessionStorage.getItem('puribox:draft:test-form')).not.toContain('sakura')

    type(password(), 'sakura-purikura-7')
    type(screen.getByLabelText('生年月日の年'), '')
    send()
    await waitFor(() => expect(sent).toHaveBeenCalled())
    expect(sessionStorage.getItem('puribox:draft:test-form')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '再読み込み' }))
    expect(mail().value).toBe('')
  })

  it('saves the draft as it is typed', () => {
    mockApi({})
    renderWithProviders(<SignUpLikeForm />)
    type(mail(), 'hana@example.jp')
    type(password(), 'secret-password')
    expect(JSON.parse(sessionStorage.getItem('puribox:draft:test-form') ?? '{}')).toEqual({
      mailAddress: 'hana@example.jp',
      birthdayYear: '',
      birthdayMonth: '',
      birthdayDay: '',
    })
  })

  it('a form with its own `send` (a multipart route) hands it the checked input, and reads its answer as usual', async () => {
    const calls = mockApi({})
    const sendProfile = vi.fn(async (input: { name: string }) => {
      if (input.name === 'まちがい') throw new ApiError('NICKNAME_INVALID', 400)
      return {
        profileImageUrl: null,
        nickname: input.name,
        birthday: null,
        gender: null,
        prefectureName: null,
        imageId: null,
        clock: null,
      }
    })
    const saved = vi.fn()
    function OwnSendForm() {
      const form = useContractForm({
        route: 'profileSave',
        fields: ['name'],
        request: (values) => ({ input: { name: values.text('name') } }),
        send: sendProfile,
        fieldOf: { NICKNAME_INVALID: 'name' },
        messages: { NICKNAME_INVALID: 'このニックネームは使えません。' },
        onSuccess: saved,
      })
      return (
        <Form form={form}>
          <TextField {...form.field('name')} label="ニックネーム" />
          <SubmitButton pending={form.pending}>保存する</SubmitButton>
        </Form>
      )
    }
    renderWithProviders(<OwnSendForm />)
    type(screen.getByLabelText('ニックネーム'), 'まちがい')
    fireEvent.click(screen.getByRole('button', { name: '保存する' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('このニックネームは使えません。'))
    type(screen.getByLabelText('ニックネーム'), 'はな')
    fireEvent.click(screen.getByRole('button', { name: '保存する' }))
    await waitFor(() =>
      expect(saved).toHaveBeenCalledWith(expect.objectContaining({ nickname: 'はな' }), expect.anything()),
    )
    expect(sendProfile.mock.calls.map(([input]) => input)).toEqual([{ name: 'まちがい' }, { name: 'はな' }])
    expect(calls).toEqual([])
  })
})
