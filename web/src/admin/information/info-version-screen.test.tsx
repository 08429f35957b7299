// @vitest-environment jsdom
import type { AdminInformationVersion } from '@puribox/contract/admin-information'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import { adminVersion, answer, INFO_API, refusal, stubInfoApi } from './testing/info-fixtures'

const VERSION = `${INFO_API}/privacyPolicy/versions/2026-12-01`
const PATH = '/admin/information/privacyPolicy/versions/2026-12-01'

/** The version's page, answering the version as `current()` holds it now, with the steps given. */
function versionApi(current: () => AdminInformationVersion, more: Record<string, () => Response> = {}) {
  return { [`GET ${VERSION}`]: () => answer(current())(), ...more }
}

const dialog = () => screen.getByRole('dialog')
const posts = (calls: { key: string; body: unknown }[]) => calls.filter((call) => !call.key.startsWith('GET'))

/** The links and buttons beside the title. */
async function offered(): Promise<(string | null)[]> {
  await screen.findByRole('region', { name: '版の情報' })
  const head = screen.getByRole('heading', { level: 1 }).closest('.console-head') as HTMLElement
  return [...head.querySelectorAll('.console-head__actions a, .console-head__actions button')].map(
    (control) => control.textContent,
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe("a version's page", () => {
  it('shows its facts and the server’s rendering as members will read it, with its Markdown', async () => {
    stubInfoApi(versionApi(() => adminVersion()))
    renderConsole(PATH)
    await screen.findByRole('heading', { name: '版「2026-12-01」', level: 1 })
    const facts = await screen.findByRole('region', { name: '版の情報' })
    expect(facts.textContent).toContain('下書き 下書きです。会員には表示されません。')
    expect(facts.textContent).toContain('公開日時まだ公開していません')
    const rendering = screen.getByRole('region', { name: '会員への表示' })
    const article = within(rendering).getByRole('article', { name: '会員への表示' })
    expect(within(article).getByRole('heading', { name: '第1条（目的）' })).toBeTruthy()
    expect(within(article).getByText('会員の情報').tagName).toBe('STRONG')
    expect(
      within(article)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['保存したプリ', 'メールアドレス'])
    expect(within(rendering).getByText(/## 第1条（目的）/).tagName).toBe('PRE')
  })

  it.each([
    ['draft', null, ['下書きを変更', '公開する', '下書きを削除']],
    ['scheduled', '2026-11-30T15:00:00.000Z', ['公開の日時を変更', '公開予約を取り消す']],
    ['current', '2026-11-20T01:00:00.000Z', ['この版をもとに新しい版を作成']],
    ['past', '2026-04-01T00:00:00.000Z', ['この版をもとに新しい版を作成']],
  ] as const)('offers an editor the steps a %s version allows', async (state, publishedAt, steps) => {
    stubInfoApi(versionApi(() => adminVersion({ state, publishedAt })))
    renderConsole(PATH)
    await waitFor(async () => expect(await offered()).toEqual(steps))
  })

  it('offers a viewer and support nothing, saying they read only', async () => {
    for (const role of ['VIEWER', 'SUPPORT'] as const) {
      stubInfoApi(
        versionApi(() => adminVersion()),
        role,
      )
      renderConsole(PATH)
      await screen.findByRole('region', { name: '版の情報' })
      expect(screen.getByText(/の権限では、見ることだけができます。/)).toBeTruthy()
      expect(await offered()).toEqual([])
      cleanup()
    }
  })

  it("says before publishing a policy's version that members will be asked to agree again, then publishes it now", async () => {
    let version = adminVersion()
    const calls = stubInfoApi(
      versionApi(() => version, {
        [`POST ${VERSION}/publish`]: () => {
          version = adminVersion({ state: 'current', publishedAt: '2026-11-20T03:00:00.000Z' })
          return answer({ ...version, askedAgain: 1234 })()
        },
      }),
    )
    renderConsole(PATH)
    fireEvent.click(await screen.findByRole('button', { name: '公開する' }))
    const warning = within(dialog())
      .getByText('会員にもう一度同意をお願いします')
      .closest('.notice') as HTMLElement
    expect(warning.textContent).toContain(
      'いまの版（2026-04-01）に同意している1234人の会員も、次にログインしたときに、同意の画面が表示されます。',
    )
    expect(warning.textContent).toContain('開発チームに要約の更新を依頼してください。')
    fireEvent.change(within(dialog()).getByLabelText('理由（任意）'), { target: { value: '改定' } })
    fireEvent.click(within(dialog()).getByRole('button', { name: '公開する' }))
    expect(
      await screen.findByText(
        '版「2026-12-01」を公開しました。会員に、もう一度同意をお願いします（いまの版に同意していた会員: 1234人）。',
      ),
    ).toBeTruthy()
    expect(posts(calls)).toEqual([{ key: `POST ${VERSION}/publish`, body: { reason: '改定' } }])
    await waitFor(async () => expect(await offered()).toEqual(['この版をもとに新しい版を作成']))
  })

  it('schedules a version at a time in Japan time, told beside the time when it has passed', async () => {
    const calls = stubInfoApi(
      versionApi(() => adminVersion({ policy: null }), {
        [`POST ${VERSION}/publish`]: refusal('SCHEDULE_IN_PAST', 400),
      }),
    )
    renderConsole(PATH)
    fireEvent.click(await screen.findByRole('button', { name: '公開する' }))
    expect(within(dialog()).queryByText('会員にもう一度同意をお願いします')).toBeNull()
    fireEvent.click(within(dialog()).getByLabelText('日時を指定して公開する'))
    fireEvent.click(within(dialog()).getByRole('button', { name: '公開を予約する' }))
    expect(within(dialog()).getByText('公開日時の日付と時刻を入力してください。')).toBeTruthy()
    fireEvent.change(within(dialog()).getByLabelText('日付'), { target: { value: '2026-11-20' } })
    fireEvent.change(within(dialog()).getByLabelText('時刻'), { target: { value: '11:00' } })
    fireEvent.click(within(dialog()).getByRole('button', { name: '公開を予約する' }))
    expect(
      await within(dialog()).findByText('公開日時が過ぎています。いまより後の日時にしてください。'),
    ).toBeTruthy()
    expect(posts(calls)).toEqual([
      { key: `POST ${VERSION}/publish`, body: { publishAt: '2026-11-20T11:00:00+09:00' } },
    ])
  })

  it('does not offer to publish a draft members’ page could not show as written, and says what to fix', async () => {
    stubInfoApi(
      versionApi(() =>
        adminVersion({
          problems: [
            { code: 'html', detail: null },
            { code: 'link', detail: 'javascript:alert(1)' },
          ],
        }),
      ),
    )
    renderConsole(PATH)
    const problems = await screen.findByRole('alert')
    expect(problems.textContent).toContain('このままでは公開できません（2件）')
    expect(problems.textContent).toContain('HTMLのタグは使えません。')
    expect(problems.textContent).toContain('リンク先「javascript:alert(1)」は使えません。')
    fireEvent.click(screen.getByRole('button', { name: '公開する' }))
    expect(within(dialog()).queryByRole('button', { name: '公開する' })).toBeNull()
    expect(within(dialog()).getByRole('link', { name: '下書きを変更' }).getAttribute('href')).toBe(
      `${PATH}/edit`,
    )
  })

  it('takes a schedule back, and throws a draft away back to the page', async () => {
    let version = adminVersion({ state: 'scheduled', publishedAt: '2026-11-30T15:00:00.000Z' })
    const calls = stubInfoApi(
      versionApi(() => version, {
        [`POST ${VERSION}/unschedule`]: () => {
          version = adminVersion()
          return answer(version)()
        },
        [`POST ${VERSION}/discard`]: answer({
          page: 'privacyPolicy',
          policy: null,
          current: null,
          scheduled: [],
          drafts: [],
        }),
        [`GET ${INFO_API}/privacyPolicy`]: answer({
          page: 'privacyPolicy',
          policy: null,
          current: null,
          scheduled: [],
          drafts: [],
        }),
        [`GET ${INFO_API}/privacyPolicy/history`]: answer({ items: [], next: null }),
      }),
    )
    const { address } = renderConsole(PATH)
    fireEvent.click(await screen.findByRole('button', { name: '公開予約を取り消す' }))
    expect(dialog().textContent).toContain('公開予約（2026/12/01 00:00）を取り消して、下書きに戻します。')
    fireEvent.click(within(dialog()).getByRole('button', { name: '予約を取り消す' }))
    expect(await screen.findByText('公開予約を取り消しました。下書きに戻っています。')).toBeTruthy()
    fireEvent.click(await screen.findByRole('button', { name: '下書きを削除' }))
    fireEvent.click(within(dialog()).getByRole('button', { name: '削除する' }))
    expect(await screen.findByText('下書き「2026-12-01」を削除しました。')).toBeTruthy()
    expect(address()).toBe('/admin/information/privacyPolicy')
    expect(posts(calls).map((call) => call.key)).toEqual([
      `POST ${VERSION}/unschedule`,
      `POST ${VERSION}/discard`,
    ])
  })

  it('says so when the version is not there', async () => {
    stubInfoApi({ [`GET ${VERSION}`]: refusal('INFORMATION_VERSION_NOT_FOUND', 404) })
    renderConsole(PATH)
    expect((await screen.findByRole('alert')).textContent).toContain('この版は見つかりませんでした。')
  })
})
