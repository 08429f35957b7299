import type { FastifyInstance, LightMyRequestResponse } from 'fastify'

export interface Navigation {
  /** Where the browser ended: the last answer's address, or the address it stopped before. */
  url: URL
  /** The last answer received. */
  response: LightMyRequestResponse
  /** Every address visited, in order. */
  visited: URL[]
}

/**
 * A minimal browser over `app.inject()`: keeps cookies (by name; paths are ignored), follows
 * redirects, submits forms. It never leaves the site: a redirect elsewhere ends the navigation with
 * `url` set to it, unrequested.
 */
export function createBrowser(
  app: () => FastifyInstance,
  options: { origin?: string; ip?: string; cookies?: Record<string, string> } = {},
) {
  const origin = options.origin ?? 'http://localhost:3000'
  const jar = new Map<string, string>(Object.entries(options.cookies ?? {}))

  function keep(response: LightMyRequestResponse) {
    for (const cookie of response.cookies) {
      const expires = cookie.expires ? new Date(cookie.expires).getTime() : undefined
      const gone =
        cookie.value === '' || cookie.maxAge === 0 || (expires !== undefined && expires <= Date.now())
      if (gone) jar.delete(cookie.name)
      else jar.set(cookie.name, cookie.value)
    }
  }

  async function request(
    method: 'GET' | 'POST',
    url: URL,
    form?: Record<string, string>,
    headers: Record<string, string> = {},
  ) {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
    const response = await app().inject({
      method,
      url: `${url.pathname}${url.search}`,
      headers: {
        host: url.host,
        accept: 'text/html',
        ...(cookie ? { cookie } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded', origin } : {}),
        ...headers,
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
      ...(options.ip ? { remoteAddress: options.ip } : {}),
    })
    keep(response)
    return response
  }

  async function navigate(
    method: 'GET' | 'POST',
    address: string,
    form: Record<string, string> | undefined,
    until: (url: URL) => boolean,
    headers?: Record<string, string>,
  ): Promise<Navigation> {
    let url = new URL(address, origin)
    const visited: URL[] = [url]
    let response = await request(method, url, form, headers)
    for (let hop = 0; hop < 20; hop++) {
      const location = response.headers.location
      if (response.statusCode < 300 || response.statusCode >= 400 || typeof location !== 'string') break
      url = new URL(location, url)
      visited.push(url)
      if (url.origin !== origin || until(url)) return { url, response, visited }
      response = await request('GET', url)
    }
    return { url, response, visited }
  }

  return {
    /**
     * Opens an address and follows redirects, stopping before any address `until` accepts. `headers`
     * go with the first request only (e.g. `sec-fetch-site` of a link on another site).
     */
    open: (address: string, until: (url: URL) => boolean = () => false, headers?: Record<string, string>) =>
      navigate('GET', address, undefined, until, headers),
    /** Submits a form (POST, urlencoded) and follows the redirects. */
    submit: (action: string, fields: Record<string, string>, until: (url: URL) => boolean = () => false) =>
      navigate('POST', action, fields, until),
    cookie: (name: string) => jar.get(name),
    /** The Cookie header this browser sends. */
    cookieHeader: () => [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
  }
}

export type Browser = ReturnType<typeof createBrowser>
