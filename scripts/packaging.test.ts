import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Each library as a stranger gets it: `npm pack` (its prepack builds it), installed from the
// tarballs alone into a fresh project outside the repository (--prefer-offline: from the npm
// cache, where `npm ci` left its outside dependencies), its README example type-checked (strict,
// nodenext) and run in Node, then bundled for the browser. Slow (packs and installs six
// packages); no timing asserts.

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const LIBRARIES = ['common', 'engine', 'ai', 'checkers', 'checkers-xlsx', 'client'] as const;
/** What must never ship: tests, test kits, benchmarks and fakes. */
const NOT_SHIPPED = /\.test\.|\.testkit\.|speed|Speed|nneonneo|rapidDraughts|testing\//;

interface Packed {
  readonly name: string;
  readonly tarball: string;
  readonly files: readonly string[];
  readonly dependencies: readonly string[];
}

let work = '';
const packed = new Map<string, Packed>();

const readJson = (path: string): Record<string, unknown> => JSON.parse(readFileSync(path, 'utf8'));

const ourDependencies = (dir: string): string[] => {
  const deps = readJson(join(ROOT, 'packages', dir, 'package.json')).dependencies ?? {};
  return Object.keys(deps).filter((name) => name.startsWith('@twenty48/'));
};

/** The library and every workspace package it needs, transitively. */
function closure(name: string, seen = new Set<string>()): Set<string> {
  if (seen.has(name)) return seen;
  seen.add(name);
  for (const dep of packed.get(name)?.dependencies ?? []) closure(dep, seen);
  return seen;
}

/** The first ```ts block under "## Example" in a README. */
function readmeExample(dir: string): string {
  const text = readFileSync(join(ROOT, 'packages', dir, 'README.md'), 'utf8');
  const section = text.split('\n## Example\n')[1] ?? '';
  const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error(`packages/${dir}/README.md has no \`\`\`ts block under ## Example`);
  return block;
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'twenty48-pack-'));
  const tarballs = join(work, 'tarballs');
  mkdirSync(tarballs);
  for (const dir of LIBRARIES) {
    const out = execFileSync('npm', ['pack', '--json', '--pack-destination', tarballs], {
      cwd: join(ROOT, 'packages', dir),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // prepack's own output (tsc, the kernel build) comes before the JSON array.
    const info = JSON.parse(out.slice(out.indexOf('\n[') + 1 || out.indexOf('[')))[0];
    packed.set(info.name, {
      name: info.name,
      tarball: join(tarballs, info.filename),
      files: info.files.map((file: { path: string }) => file.path),
      dependencies: ourDependencies(dir),
    });
  }
}, 600_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the libraries install from their tarballs', { timeout: 600_000 }, () => {
  it.for(LIBRARIES)('%s: ships what it should, installs, type-checks and runs', (dir) => {
    const pkg = readJson(join(ROOT, 'packages', dir, 'package.json'));
    const name = String(pkg.name);
    const own = packed.get(name);
    if (!own) throw new Error(`${name} was not packed`);
    expect(own.files).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'package.json']));
    expect(own.files.filter((file) => NOT_SHIPPED.test(file))).toEqual([]);
    // Every source map points at a source that ships.
    for (const map of own.files.filter((file) => file.endsWith('.js.map'))) {
      expect(own.files).toContain(`src/${map.slice('dist/'.length, -'.js.map'.length)}.ts`);
    }
    expect(Object.values(pkg.dependencies ?? {}).filter((v) => /^\d/.test(String(v)))).toEqual([]);

    const project = join(work, `try-${dir}`);
    mkdirSync(project);
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: `try-${dir}`, private: true, type: 'module' }),
    );
    const tarballs = [...closure(name)].map((dep) => packed.get(dep)?.tarball ?? dep);
    execFileSync(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', ...tarballs],
      { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    writeFileSync(join(project, 'example.ts'), readmeExample(dir));
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          target: 'es2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          outDir: 'out',
          types: [],
          skipLibCheck: false,
        },
        files: ['example.ts'],
      }),
    );
    execFileSync(process.execPath, [TSC, '-p', project], { cwd: project, encoding: 'utf8' });
    const printed = execFileSync(process.execPath, [join(project, 'out/example.js')], {
      cwd: project,
      encoding: 'utf8',
    });
    expect(printed.trim()).not.toBe('');
    expect(printed).not.toMatch(/\bfalse\b|ERR_/);
  });
});

describe('the libraries bundle for the browser', { timeout: 600_000 }, () => {
  it.for(LIBRARIES)('%s: its README example bundles with Vite', async (dir) => {
    const project = join(work, `try-${dir}`);
    const outDir = join(project, 'bundle');
    await build({
      root: project,
      logLevel: 'silent',
      configFile: false,
      build: {
        outDir,
        minify: true,
        target: 'es2022',
        lib: { entry: join(project, 'out/example.js'), formats: ['es'], fileName: 'example' },
      },
    });
    const bundle = readFileSync(join(outDir, 'example.js'), 'utf8');
    expect(bundle).not.toMatch(/from\s*["']node:/);
    // The figure for the note (not an assertion: sizes move with the code). Lazy
    // chunks (checkers-xlsx loads exceljs on demand) are counted apart.
    const chunks = readdirSync(outDir).filter((file) => file !== 'example.js');
    const lazy = chunks.reduce((sum, file) => sum + statSync(join(outDir, file)).size, 0);
    console.log(
      `bundle ${dir}: ${statSync(join(outDir, 'example.js')).size} bytes minified` +
        (chunks.length > 0 ? `, + ${lazy} bytes in ${chunks.length} lazy chunk(s)` : ''),
    );
  });
});
