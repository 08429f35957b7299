/**
 * What other features may use of the open-in-the-app bar: the bar itself. Import it with `import()`:
 * it is a chunk of its own, loaded only by the screens that offer the app.
 */
export { AppOpenBar } from './components/app-open-bar'
