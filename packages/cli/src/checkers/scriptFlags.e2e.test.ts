/**
 * The match and tuning scripts run for real with flags they cannot take: each refuses in one
 * line that names itself, the reason and ERR_OPTIONS (the echoed flag escaped), with exit code 2
 * and never a stack trace; the scripts that have a usage line print it after.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = (name: string): string => {
  const path = fileURLToPath(new URL(`../../dist/checkers/${name}.js`, import.meta.url));
  if (!existsSync(path)) throw new Error(`build first: ${path} is missing (npm run build)`);
  return path;
};
const run = (name: string, args: string[]) =>
  spawnSync(process.execPath, [script(name), ...args], { encoding: 'utf8', timeout: 30_000 });

describe('the checkers scripts refuse bad flags', () => {
  it.each([
    ['match', '--peer', true],
    ['tune', '--peer', false],
    ['heldCheck', '--pdn', true],
    ['movetimeBench', '--ms', true],
  ])('%s: an unknown flag, escaped, and %s without its value', (name, flag, usage) => {
    const unknown = run(name, ['--bo\u001bgus']);
    expect(unknown.status).toBe(2);
    const [line, next] = unknown.stderr.split('\n');
    expect(line).toMatch(
      new RegExp(`^${name}: Unknown option '--bo\\\\egus'.* \\(ERR_OPTIONS\\)$`),
    );
    expect(next?.startsWith('usage: ')).toBe(usage);
    expect(unknown.stderr).not.toMatch(/\n\s+at /);

    const bare = run(name, [flag]);
    expect(bare.status).toBe(2);
    expect(bare.stderr.split('\n')[0]).toBe(
      `${name}: Option '${flag} <value>' argument missing (ERR_OPTIONS)`,
    );
  });

  it('movetimeBench: a budget or a count that is no whole number from 1', () => {
    for (const args of [
      ['--ms', '0'],
      ['--moves', 'many'],
    ]) {
      const { stderr, status } = run('movetimeBench', args);
      expect(status, args.join(' ')).toBe(2);
      expect(stderr).toBe(
        'movetimeBench: --ms and --moves take a whole number from 1 (ERR_OPTIONS)\nusage: node packages/cli/dist/checkers/movetimeBench.js [--ms 100] [--moves 40]\n',
      );
    }
  });
});
