/**
 * Zod builds fast object parsers with `new Function` where eval is allowed, and tries it out first;
 * the site's Content-Security-Policy allows no eval (decision 0022), and the browser reports that
 * try as a violation on every page that builds a schema. `jitless` makes Zod skip both (its parsers
 * check the same either way). Written into the object Zod reads its settings from, which is what
 * `z.config()` writes to, rather than by `z.config()` itself: importing that would put 3.6 KB gzip
 * of Zod into every page's first load. main.tsx imports this module first, before any schema is
 * built; zod-without-eval.test.ts checks that Zod reads it.
 */
const zod = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } }
zod.__zod_globalConfig ??= {}
zod.__zod_globalConfig.jitless = true
