/**
 * What other features may use of the information pages: the list of the other documents, which the
 * commercial-law notice (a screen of the payment feature) shows at its foot like every information
 * page. Everything else is its own.
 */
export { OtherDocuments } from './components/other-documents'
