import { links } from '@puribox/contract/pages'
import { useLocation } from 'wouter'
import { PreviewScreen } from './preview-screen'
import { PuriGetScreen } from './puri-get-screen'

/**
 * The get page (`/sp/puri/get`) and the preview (`/web/preview`) as one screen of the router, in
 * one chunk: the get page looks the seal up and moves on to the preview, which then shows the
 * pictures at once. With a chunk each, the preview's would start downloading only then, and the
 * app would show a second loading state, for 300 ms at least (React keeps a fallback shown that long).
 */
export function SealPages() {
  const [path] = useLocation()
  return path === links.preview ? <PreviewScreen /> : <PuriGetScreen />
}
