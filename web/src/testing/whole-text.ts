import type { MatcherFunction } from '@testing-library/react'

/**
 * A text matcher for a sentence that holds elements of its own (a price kept on one line is a span
 * inside its paragraph): the innermost element whose whole text is `wanted` (a string) or contains
 * a match of it (a pattern). testing-library's plain string matcher reads only an element's own
 * text nodes, so it would not find such a sentence.
 */
export function wholeText(wanted: string | RegExp): MatcherFunction {
  const matches = (element: Element | null): boolean => {
    const text = element?.textContent ?? ''
    return element !== null && (typeof wanted === 'string' ? text === wanted : wanted.test(text))
  }
  return (_content, element) => matches(element) && ![...(element?.children ?? [])].some(matches)
}
