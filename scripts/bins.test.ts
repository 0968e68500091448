/**
 * Every command a package declares works on a fresh clone: npm links a bin at install time,
 * before dist/ exists, so each bin must be a tracked launcher that loads the built code, and
 * says in one line to run `npm run build` when that code is missing.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const tracked = new Set(
  spawnSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).stdout.split('\n'),
);

interface Bin {
  readonly name: string;
  /** The launcher, relative to the repository's root. */
  readonly path: string;
}

function declaredBins(): Bin[] {
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  return root.workspaces.flatMap((workspace) => {
    const manifest = JSON.parse(readFileSync(join(ROOT, workspace, 'package.json'), 'utf8')) as {
      name: string;
      bin?: string | Record<string, string>;
    };
    const bins =
      typeof manifest.bin === 'string' ? { [manifest.name]: manifest.bin } : (manifest.bin ?? {});
    return Object.entries(bins).map(([name, target]) => ({
      name,
      path: join(workspace, target).replaceAll('\\', '/'),
    }));
  });
}

const bins = declaredBins();
const scratch = mkdtempSync(join(tmpdir(), 'twenty48-bins-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the commands of a fresh clone', () => {
  it('declares the 2048 command', () => {
    expect(bins.map((bin) => bin.name)).toContain('2048');
  });

  it.each(bins)('$name is a tracked launcher, not a built file', ({ path }) => {
    expect(tracked.has(path)).toBe(true);
    expect(path).not.toMatch(/(^|\/)dist\//);
    expect(readFileSync(join(ROOT, path), 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
  });

  it.each(bins)(
    '$name says in one line to build when its code is not built',
    ({ name, path }) => {
      // The launcher and the shared script at the same places, with no dist/ beside them.
      const copy = join(scratch, name);
      for (const file of [path, 'scripts/launch.mjs']) {
        mkdirSync(dirname(join(copy, file)), { recursive: true });
        copyFileSync(join(ROOT, file), join(copy, file));
      }
      const run = spawnSync(process.execPath, [join(copy, path), '--version'], {
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(
        /^\S+: the program is not built yet: run `npm run build` in .+ \(ERR_NOT_BUILT\)\n$/,
      );
    },
    30_000,
  );

  it.each(bins)(
    '$name runs the built program',
    ({ path }) => {
      const run = spawnSync(process.execPath, [join(ROOT, path), '--help'], {
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/^Usage: /);
    },
    30_000,
  );
});
