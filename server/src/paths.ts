import path from 'node:path'

/**
 * The server package's folder, found the same way from `src/` (run by tsx in tests and scripts) and
 * from `dist/` (the bundle `npm start` runs): both sit one level below it.
 */
export const serverRoot = path.resolve(import.meta.dirname, '..')
