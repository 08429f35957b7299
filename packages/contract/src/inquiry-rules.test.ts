import { describe, expect, it } from 'vitest'
import { inquiryHash, parseInquiryHash } from './inquiry-paths'
import { draftValidity, INQUIRY_TOPIC_FIELDS, INQUIRY_TOPICS, mailAddressProblem } from './inquiry-rules'

describe('inquiry paths', () => {
  it("reads the page's steps from the hash, the spec's {product}Photos form included", () => {
    expect(parseInquiryHash('')).toEqual({ step: 'topics' })
    expect(parseInquiryHash('#/input/login')).toEqual({ step: 'input', topic: 'login' })
    expect(parseInquiryHash('#/puriboxPhotos/input')).toEqual({ step: 'input', topic: 'photos' })
    expect(parseInquiryHash('#/confirm/payment')).toEqual({ step: 'confirm', topic: 'payment' })
    expect(parseInquiryHash('#/sent')).toEqual({ step: 'sent' })
    expect(parseInquiryHash('#/input/lottery')).toEqual({ step: 'topics' })
    for (const topic of INQUIRY_TOPICS) {
      expect(parseInquiryHash(inquiryHash({ step: 'input', topic }))).toEqual({ step: 'input', topic })
    }
  })
})

describe('inquiry rules', () => {
  it('knows the misspelt carrier domains, and leaves real ones alone', () => {
    expect(mailAddressProblem('a.b..c@docomo.ne.jo')).toEqual({
      problem: 'TYPO',
      suggestion: 'a.b..c@docomo.ne.jp',
    })
    expect(mailAddressProblem('hanako@ezweb.ne.jp')).toBeNull()
    expect(mailAddressProblem('hanako@i.softbank.jp')).toBeNull()
    expect(mailAddressProblem('はなこ@example.com')).toEqual({ problem: 'MALFORMED' })
  })

  it("gives the spec's validity flags of the mail list and the seal ID list", () => {
    expect(
      draftValidity({ topic: 'photos', mailAddresses: ['a@example.com'], sealIds: ['ABCDE-12345'] }),
    ).toEqual({
      mailListValid: true,
      sealIdListValid: true,
    })
    expect(draftValidity({ topic: 'photos', mailAddresses: ['a@'], sealIds: [] })).toEqual({
      mailListValid: false,
      sealIdListValid: false,
    })
    // A topic that asks for no seal IDs: its list is valid.
    expect(draftValidity({ topic: 'other', mailAddresses: [], sealIds: [] }).sealIdListValid).toBe(true)
  })

  it('asks every topic for at least what makes it answerable', () => {
    expect(INQUIRY_TOPIC_FIELDS.sealLookup.sealIds).toBe('required')
    expect(INQUIRY_TOPIC_FIELDS.login.howToRegister).toBe('required')
    expect(INQUIRY_TOPIC_FIELDS.payment.paymentKind).toBe('required')
  })
})
