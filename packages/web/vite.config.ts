import { defineConfig } from 'vite';

// The game is a static site: relative asset paths let `2048 serve` mount it anywhere.
export default defineConfig({
  base: './',
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  worker: { format: 'es' },
});
