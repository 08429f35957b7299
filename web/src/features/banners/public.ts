/** What other features may use of the banners: a space's banner, shown where a screen puts it. */
export { Banner } from './components/banner'
