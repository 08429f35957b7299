import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  // Each module declares its own tables next to its repository (`modules/<module>/<module>.schema.ts`).
  schema: './server/src/modules/*/*.schema.ts',
  out: './server/drizzle',
})
