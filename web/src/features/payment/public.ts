/**
 * What other features may use of the premium pages: the au trial's offer for a screen whose flow may
 * offer it (it asks the server and shows nothing unless the trial is offered there). Import it with
 * `import()` from a screen, for a free member only: it is a chunk of its own, and the card it shows
 * comes with the premium page's chunk.
 */
export { type OfferingFlow, TrialOfferSpot } from './components/trial-offer-spot'
