/**
 * The auditions' two pages as one chunk: the member's page and the guardian's consent page share
 * most of their code, and one chunk name in the route table costs the top page's first load less
 * than two and the piece they share.
 */
export { AuditionScreen } from './audition-screen'
export { ConsentScreen } from './consent-screen'
