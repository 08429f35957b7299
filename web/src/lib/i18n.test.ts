import { describe, expect, it } from 'vitest'
import seal from '../locales/ja/seal.json'
import { createTranslator, shellMessages, t } from './i18n'

const messages = {
  title: 'PuriBox',
  page: '{{page}} | PuriBox',
  seal: {
    daysLeft: 'あと{{days}}日',
    saveBy: '{{month}}月{{day}}日 {{time}}まで',
    form: { errors: { empty: 'シールIDを入力してください。' } },
  },
}

describe('createTranslator', () => {
  const tr = createTranslator(messages)

  it('answers top-level and nested keys', () => {
    expect(tr('title')).toBe('PuriBox')
    expect(tr('seal.form.errors.empty')).toBe('シールIDを入力してください。')
  })

  it('interpolates {{name}} with strings and numbers, every occurrence', () => {
    expect(tr('page', { page: 'トップ' })).toBe('トップ | PuriBox')
    expect(tr('seal.daysLeft', { days: 3 })).toBe('あと3日')
    expect(tr('seal.saveBy', { month: 1, day: 2, time: '09:30' })).toBe('1月2日 09:30まで')
    expect(createTranslator({ twice: '{{a}}と{{a}}' })('twice', { a: 'x' })).toBe('xとx')
  })

  it('leaves a placeholder without a value visible, and text without params untouched', () => {
    expect(tr('seal.saveBy', { month: 1, day: 2 })).toBe('1月2日 {{time}}まで')
    expect(tr('seal.daysLeft')).toBe('あと{{days}}日')
    expect(tr('page', { other: 'x' })).toBe('{{page}} | PuriBox')
  })

  it('does not read inherited properties as params', () => {
    expect(createTranslator({ x: '{{toString}}' })('x', {})).toBe('{{toString}}')
  })

  it('types keys from the messages, and answers the key for anything else at run time', () => {
    // @ts-expect-error: not a key of the messages
    expect(tr('seal.missing')).toBe('seal.missing')
    // @ts-expect-error: a group, not a string
    expect(tr('seal.form')).toBe('seal.form')
  })
})

describe('t', () => {
  it('reads the locale files of the first load', () => {
    expect(t('common.pageTitle', { page: 'トップ' })).toBe('トップ | PuriBox')
    expect(t('sealForm.errors.empty')).toBe('シールIDを入力してください。')
    expect(t('frame.links.machineSearchMap')).toBe('プリ機をマップでさがす')
  })

  it('rejects keys not in them, the texts of later screens included', () => {
    // @ts-expect-error: no such key in src/locales/ja
    expect(t('top.nothing')).toBe('top.nothing')
    // @ts-expect-error: the preview's texts come with its chunk, through the seal feature's `t`
    expect(t('seal.preview.machine')).toBe('seal.preview.machine')
  })
})

describe("a feature's t", () => {
  // As features/<feature>/i18n.ts makes it: the first load's files and the feature's own.
  const sealT = createTranslator({ ...shellMessages, seal })

  it('reads its own files and those of the first load', () => {
    expect(sealT('seal.preview.machine')).toBe('撮ったプリ機')
    expect(sealT('common.pageTitle', { page: 'トップ' })).toBe('トップ | PuriBox')
  })
})
