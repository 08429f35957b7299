import path from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/**
 * The operators' console (decision 0069), built apart from the members' app, after it (`npm run
 * build -w web`): its own entry, admin.html and src/admin/main.tsx, into the `admin` folder of the
 * web build, which the server serves under /admin. A build of its own rather than a second entry
 * of vite.config.ts: two entries in one build share chunks, so the members' first load (held to
 * its budget to the byte) would carry the names of chunks the console shares with it, and the
 * console would load the members' app chunk for a form field; here neither build sees the other.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: {
    // Inside the folder the members' build wrote (WEB_DIST_DIR when set, as in vite.config.ts),
    // which that build empties first.
    outDir: path.join(process.env.WEB_DIST_DIR ?? 'dist', 'admin'),
    assetsDir: 'assets',
    emptyOutDir: true,
    // Laptops' and phones' browsers of today all know `<link rel="modulepreload">`.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: path.join(import.meta.dirname, 'admin.html'),
      treeshake: {
        // As in vite.config.ts: the web's modules only declare things, so a module whose exports the
        // console does not use is left out. So do the contract's: a shared module of lib/ that names
        // the members' page table (page-navigation.ts) brings it only to the code that uses it.
        moduleSideEffects: [
          { test: /\.css$/, sideEffects: true },
          { test: /[\\/]web[\\/]src[\\/]admin[\\/]main\.tsx$/, sideEffects: true },
          { test: /[\\/]web[\\/]src[\\/]shell[\\/]zod-without-eval\.ts$/, sideEffects: true },
          { test: /[\\/]web[\\/]src[\\/]/, sideEffects: false },
          { test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false },
        ],
      },
      output: {
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        // Zod without eval in a chunk of its own, which the entry imports first: inside the entry
        // chunk it would run only after every chunk the entry imports, and a shared chunk that
        // builds the contract's schemas as it loads would have Zod try eval first (decision 0022).
        codeSplitting: {
          groups: [
            { name: 'zod-without-eval', test: /[\\/]web[\\/]src[\\/]shell[\\/]zod-without-eval\.ts$/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/admin/api': 'http://localhost:3000' },
  },
})
