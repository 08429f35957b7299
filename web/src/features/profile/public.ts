/** What other features may use of the profile: the hook that reads the member's profile. */
export { useProfile } from './api/profile'
