import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const page = (name: string): string => fileURLToPath(new URL(name, import.meta.url));

// The game is a static site: relative asset paths let `2048 serve` mount it anywhere.
// Two pages: 2048 (index.html) and checkers (checkers.html), each with its own entry.
export default defineConfig({
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // exceljs (the checkers page's .xlsx saves) is one lazy chunk of about 930 kB, loaded only
    // when a file is saved or opened; the pages' own chunks stay far below this.
    chunkSizeWarningLimit: 1000,
    rollupOptions: { input: { main: page('index.html'), checkers: page('checkers.html') } },
  },
  worker: { format: 'es' },
});
