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
