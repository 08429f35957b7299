import { lazy } from 'react'

/**
 * What other parts of the web app may use of the blog: the list of a category's newest posts, as its
 * own chunk (nothing of it is in the first load). Mount it below the first screen, inside a Suspense
 * with no fallback: `<Suspense fallback={null}><BlogPosts category="tips" /></Suspense>`.
 */
export const BlogPosts = lazy(() => import('./components/blog-posts'))
