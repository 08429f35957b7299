/** What other parts of the web app may use of the dynamic links: the hook that reads them. */
export { useDynamicLinks } from './api/dynamic-links'
