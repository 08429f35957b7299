import type { NewsItem } from '@puribox/contract/news'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback, useRef } from 'react'
import { callApi } from '../../../lib/call-api'
import { useAccountSelf } from '../../account/api/get-account-self'
import { membershipFlags } from '../../account/membership'
import { rememberGuestRead, useGuestReads } from '../guest-reads'
import { type NewsAnswer, newsQueryRoot } from './get-news'

/**
 * Read and unread, for whoever is looking (decision 0040): a member's reads are kept by the server
 * (`read` of each item, and `POST /sp/2/news/:id/read`), a guest's by this browser.
 */
export function useNewsReads() {
  const account = useAccountSelf()
  const { isGuest } = membershipFlags(account.data)
  const known = account.data !== undefined
  const { hasRead } = useGuestReads()
  // Items this page has asked the server to mark: once each, even while the answer is on its way.
  const asked = useRef(new Set<string>())
  const queryClient = useQueryClient()
  const markOnServer = useMutation({
    mutationFn: (id: string) => callApi('newsRead', { params: { id } }),
    onSuccess: ({ id }) => {
      // Every list that holds the item shows it read, without asking again.
      queryClient.setQueriesData<NewsAnswer>({ queryKey: newsQueryRoot }, (answer) =>
        answer?.entry
          ? {
              ...answer,
              entry: answer.entry.map((item) => (item.id === id ? { ...item, read: true } : item)),
            }
          : answer,
      )
    },
  })
  const { mutate } = markOnServer

  const isRead = useCallback(
    (item: NewsItem) => item.read || (isGuest && hasRead(item.id)),
    [isGuest, hasRead],
  )

  /** Marks the item read once it is known who is looking; a failure leaves it unread, quietly. */
  const markRead = useCallback(
    (item: NewsItem) => {
      if (!known || item.read) return
      if (isGuest) {
        if (!hasRead(item.id)) rememberGuestRead(item.id)
        return
      }
      if (asked.current.has(item.id)) return
      asked.current.add(item.id)
      mutate(item.id, { onError: () => asked.current.delete(item.id) })
    },
    [known, isGuest, hasRead, mutate],
  )

  return { isRead, markRead, known }
}
