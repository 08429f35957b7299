import { describeFirstLoad, FIRST_LOAD_BUDGET_KB, measureFirstLoad } from '../../tools/first-load'
import { expect, test } from './support'

/**
 * The top page's first-load JS stays within its budget (90 KB gzip): every script the
 * page the server sends names and every chunk those import statically, as served (dynamic imports
 * load later, per screen). The benchmark and `npm run size -w web` count with the same function.
 */
test('the top page loads at most 90 KB of gzipped JS before it renders', async ({ request }) => {
  const html = await (await request.get('/sp/top/menu', { headers: { accept: 'text/html' } })).text()
  const load = await measureFirstLoad(html, async (path) => {
    const response = await request.get(path, { headers: { 'accept-encoding': 'identity' } })
    expect(response.status(), path).toBe(200)
    return response.body()
  })
  console.log(describeFirstLoad(load, FIRST_LOAD_BUDGET_KB).join('\n'))
  // The entry imports the packages' chunk and the runtime: a count of the entry alone is wrong.
  expect(load.files.length).toBeGreaterThan(2)
  expect(load.gzipBytes, load.files.map((file) => file.path).join(', ')).toBeLessThanOrEqual(
    FIRST_LOAD_BUDGET_KB * 1024,
  )
})
