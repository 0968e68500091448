import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The built script, as `npm run bench` runs it.
const SCRIPT = fileURLToPath(new URL('../dist/versus-nneonneo.js', import.meta.url));

function run(args: string[], env: Record<string, string | undefined>) {
  const { NNEONNEO_DIR: _, ...rest } = process.env;
  return spawnSync(process.execPath, [SCRIPT, ...args], {
    env: { ...rest, ...env },
    encoding: 'utf8',
  });
}

describe('versus-nneonneo: where the peer is looked for', () => {
  it('defaults to twenty48/peers/2048-ai under $XDG_CACHE_HOME, named in --help', () => {
    const cache = mkdtempSync(join(tmpdir(), 'xdg-cache-'));
    const peer = join(cache, 'twenty48', 'peers', '2048-ai');
    const help = run(['--help'], { XDG_CACHE_HOME: cache });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain(peer);
    const missing = run(['--optional'], { XDG_CACHE_HOME: cache });
    expect(missing.status).toBe(0);
    expect(missing.stderr).toContain(`ERR_PEER_MISSING: no nneonneo/2048-ai source at ${peer}`);
  });

  it('falls back to ~/.cache when XDG_CACHE_HOME is unset or not absolute', () => {
    const home = mkdtempSync(join(tmpdir(), 'home-'));
    const help = run(['--help'], { HOME: home, XDG_CACHE_HOME: 'relative/cache' });
    expect(help.stdout).toContain(join(home, '.cache', 'twenty48', 'peers', '2048-ai'));
  });

  it('takes $NNEONNEO_DIR over the cache directory', () => {
    const help = run(['--help'], { NNEONNEO_DIR: '/somewhere/else/2048-ai' });
    expect(help.stdout).toContain('here /somewhere/else/2048-ai');
  });
});

describe('the bench scripts refuse a bad command line with one named line', () => {
  const REVIEW = fileURLToPath(new URL('../dist/review-speed.js', import.meta.url));
  const refuse = (script: string, args: string[]) => {
    const result = spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });
    return { status: result.status, lines: result.stderr.trimEnd().split('\n') };
  };

  it('names an unknown flag, escaped, then the usage, exit code 2', () => {
    for (const script of [SCRIPT, REVIEW]) {
      const { status, lines } = refuse(script, ['--bo\x1bgus']);
      expect(status).toBe(2);
      expect(lines[0]).toMatch(/^ERR_OPTIONS: Unknown option '--bo\\egus'/);
      expect(lines[1]).toMatch(/^usage: node packages\/ai\/dist\//);
      expect(lines.join('\n')).not.toContain('    at ');
    }
  });

  it('names a flag without its value, and a count that is not a positive integer', () => {
    expect(refuse(REVIEW, ['--depth']).lines[0]).toMatch(/^ERR_OPTIONS: Option '--depth/);
    for (const bad of ['0', 'x', '1.5', '-3']) {
      const { status, lines } = refuse(REVIEW, [`--depth=${bad}`]);
      expect(status).toBe(2);
      expect(lines[0]).toBe('ERR_OPTIONS: --depth must be a positive integer');
    }
    const games = refuse(SCRIPT, ['--games', '0']);
    expect(games.status).toBe(2);
    expect(games.lines[0]).toBe('ERR_OPTIONS: --games must be a positive integer');
  });
});
