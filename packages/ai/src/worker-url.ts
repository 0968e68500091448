/**
 * Where a worker's built file is. Under Vitest the modules run from `src/*.ts`, where only the
 * TypeScript exists, so it points at the build in `dist/` (`npm test` builds first).
 */
export function workerUrl(name: string): URL {
  const fromSource = import.meta.url.endsWith('.ts');
  return new URL(fromSource ? `../dist/${name}.js` : `./${name}.js`, import.meta.url);
}
