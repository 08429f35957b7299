// @vitest-environment jsdom
import { PURIGET_PENALTY_REASONS, SNS_PENALTY_REASONS } from '@puribox/contract/penalty-reasons'
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import texts from '../locales/ja/penaltyReasons.json'
import { PenaltyReason, penaltyReasonText } from './penalty-reason'

afterEach(cleanup)

describe('penalty reasons', () => {
  it('has a sentence for every reason an operator may pick, and none for another', () => {
    expect(Object.keys(texts.sns).sort()).toEqual([...SNS_PENALTY_REASONS].sort())
    expect(Object.keys(texts.puriget).sort()).toEqual([...PURIGET_PENALTY_REASONS].sort())
  })

  it('tells only a known code of its kind', () => {
    expect(penaltyReasonText('sns', 'IMPERSONATION')).toContain('なりすまし')
    expect(penaltyReasonText('puriget', 'IMPERSONATION')).toBeNull()
    for (const code of [undefined, null, '', 'toString', '<b>hi</b>', 42]) {
      expect(penaltyReasonText('sns', code)).toBeNull()
    }
  })

  it('shows the sentence under its label, or nothing', () => {
    const { container, rerender } = render(<PenaltyReason kind="puriget" code="OTHERS_PURI" />)
    expect(container.textContent).toBe(`理由${texts.puriget.OTHERS_PURI}`)
    rerender(<PenaltyReason kind="puriget" code={null} />)
    expect(container.textContent).toBe('')
  })
})
