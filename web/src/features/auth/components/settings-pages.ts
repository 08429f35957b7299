/**
 * The settings page and the "link LINE" recommendation as one chunk: the recommendation leads from
 * and back to settings and shares its sign-in pieces, and one chunk name in the route table costs
 * the top page's first load less than two.
 */
export { LineRecommendationScreen } from './line-recommendation-screen'
export { SettingsScreen } from './settings-screen'
