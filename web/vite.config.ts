/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // The "What's new" list reads the repository's CHANGELOG.md.
    fs: { allow: ['..'] },
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 700,
    manifest: true,
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // Importing MUI and a jsdom for every one of ~90 files took a third of the run; files share
    // their worker's modules instead (src/test/setup.ts puts back what a test changed).
    isolate: false,
    // Vitest leaves one core free by default; the test command has the machine to itself.
    maxWorkers: availableParallelism(),
    // Screens render whole MUI forms in jsdom; on a busy 2-core machine that takes seconds.
    testTimeout: 20000,
  },
});
