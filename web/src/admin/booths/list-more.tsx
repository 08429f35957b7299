// The console's one ListMore; kept here while the shops' list imports it from its area.
export { ListMore } from '../kit/list-more'
