import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
    // A test's time limit is there to catch a hang, not to judge speed (speed is measured by the
    // benchmarks). The suite starts real servers, ptys and engines on a 2-core machine, where
    // vitest's 5 s default failed sound tests (a property over 100,000 boards, a child process's
    // start) whenever the cores were busy.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
