/**
 * A page's first answers, embedded by the server in the page itself (decision 0018): on my page, the
 * first page of plays and the account, so that the first screen needs no request before its
 * pictures. The boot script of index.html reads them from a
 * `<script type="application/json" id={EARLY_ANSWERS_ID}>` and hands them to the app as the answers
 * of the requests it would otherwise send.
 */
export const EARLY_ANSWERS_ID = 'puribox-early-answers'

/** `plays` is `GET /sp/2/mypage/plays?page=1`, `account` is `GET /sp/2/account/self`. */
export type EarlyAnswerName = 'plays' | 'account'

/** Each the API's whole answer (the wrapper), as the route would have sent it. */
export type EarlyAnswers = Partial<Record<EarlyAnswerName, unknown>>
