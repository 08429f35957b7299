import { AD_TOKEN_COOKIE, type AdReactionKind } from '@puribox/contract/ads'
import { apiPaths } from '@puribox/contract/api-paths'
import { useQuery } from '@tanstack/react-query'
import { ApiError, getAnswer, readAnswer } from '../../../lib/api-client'

/**
 * The ad routes take the viewer's ad token as `Authorization: Bearer` (decision 0041): it is in the
 * readable cookie `pbx_ads`, which GET /sp/advertisements/token sets (the session cookie itself is
 * HttpOnly). A missing or stale token (after signing in or out) is fetched again once.
 */

export function adTokenFromCookie(cookies = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === AD_TOKEN_COOKIE) return decodeURIComponent(value.join('='))
  }
  return null
}

async function freshToken(signal?: AbortSignal): Promise<string> {
  return (await getAnswer<'adToken'>(apiPaths.adToken.path, signal)).token
}

/** Runs `call` with the cookie's token, or a fresh one; once more with a fresh one if it was refused. */
async function withToken<T>(call: (token: string) => Promise<T>, signal?: AbortSignal): Promise<T> {
  const kept = adTokenFromCookie()
  try {
    return await call(kept ?? (await freshToken(signal)))
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'AD_TOKEN_INVALID')) throw error
    return call(await freshToken(signal))
  }
}

export function adListUrl(spaceId: string): string {
  return `${apiPaths.adList.path}?${new URLSearchParams({ spaceId })}`
}

export function fetchAds(spaceId: string, signal?: AbortSignal) {
  return withToken(
    (token) =>
      readAnswer<'adList'>(
        fetch(adListUrl(spaceId), {
          headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
          credentials: 'include',
          signal,
        }),
        signal,
      ),
    signal,
  )
}

/** The ads of a space for the viewer; nothing is asked while the space is not known yet. */
export function useAds(spaceId: string | null | undefined) {
  return useQuery({
    queryKey: ['ads', spaceId],
    queryFn: ({ signal }) => fetchAds(spaceId!, signal),
    enabled: typeof spaceId === 'string' && spaceId.length > 0,
    staleTime: 5 * 60 * 1000,
  })
}

/**
 * Reports that the viewer saw or tapped an ad. `keepalive`: a tap that leaves the page still
 * reaches the server. Failures are no one's concern (an ad reaction is never worth an error).
 */
export async function sendAdReaction(adId: number, kind: AdReactionKind): Promise<boolean> {
  try {
    const answer = await withToken((token) =>
      readAnswer<'adReaction'>(
        fetch(apiPaths.adReaction.path.replace(':id', String(adId)), {
          method: 'POST',
          headers: {
            Accept: 'application/json',
            'Content-Type': 'application/json',
            'X-Requested-With': 'XMLHttpRequest',
            Authorization: `Bearer ${token}`,
          },
          body: JSON.stringify({ kind }),
          credentials: 'include',
          keepalive: true,
        }),
      ),
    )
    return answer.counted
  } catch {
    return false
  }
}
