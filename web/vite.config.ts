import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const server = 'http://localhost:3000'

export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/sp/2': server,
      '/sp//ajax': server,
      '/openapi.json': server,
      '/sp/puri/thum.jpg': server,
      '/booth': server,
      '/_sandbox': server,
    },
  },
})
