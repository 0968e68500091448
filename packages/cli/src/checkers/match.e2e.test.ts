/**
 * The match script, run for real: two `checkers engine` processes through the protocol, one
 * ballot with both colours, short games adjudicated by the ply limit.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MATCH = fileURLToPath(new URL('../../dist/checkers/match.js', import.meta.url));
const MAIN = fileURLToPath(new URL('../../dist/checkers/main.js', import.meta.url));

/** The match between two of our engines (no database, no book), with `flags`. */
function selfMatch(flags: readonly string[]) {
  if (!existsSync(MATCH)) throw new Error(`build first: ${MATCH} is missing (npm run build)`);
  const engine = `${JSON.stringify(process.execPath)} ${JSON.stringify(MAIN)} engine --no-egdb --no-book`;
  return spawnSync(process.execPath, [MATCH, '--ours', engine, '--peer', engine, ...flags], {
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('the match script', () => {
  it('plays a ballot with both colours and prints each game and the totals', () => {
    const { stdout, status } = selfMatch([
      '--ms',
      '5',
      '--games',
      '2',
      '--first',
      '3',
      '--max-plies',
      '12',
    ]);
    expect(status).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[1]).toMatch(/^game 1: ballot 3 \(9-13 22-17 13x22\), ours black: /);
    expect(lines[2]).toMatch(/^game 2: ballot 3 \(9-13 22-17 13x22\), ours red: /);
    expect(stdout).toMatch(
      /^result: ours \+\d+ =\d+ -\d+: [\d.]+\/2 points, [\d.]+ % ± [\d.]+ \(95 %, over 1 ballot pairs\)$/m,
    );
    // Where each side's longest think was, so an outlier can be looked at again.
    expect(stdout).toMatch(
      /^think: ours [\d.]+ ms mean, [\d.]+ ms longest \(game [12], ply \d+\); peer [\d.]+ ms mean, [\d.]+ ms longest \(game [12], ply \d+\)/m,
    );
  }, 60_000);

  it('scores a game lost for an engine that never answers isready (here: one that exits)', () => {
    const engine = `${JSON.stringify(process.execPath)} ${JSON.stringify(MAIN)} engine --no-egdb --no-book`;
    const { stdout, status } = spawnSync(
      process.execPath,
      [MATCH, '--ours', engine, '--peer', 'true', '--ms', '5', '--games', '2', '--first', '1'],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(status).toBe(0);
    expect(stdout).toMatch(/^game 1: .*ours black: win, peer did not answer isready with readyok/m);
    expect(stdout).toMatch(/^result: ours \+2 =0 -0: 2\/2 points/m);
  }, 60_000);

  it('with a node budget for ours and a depth for the peer, plays the same games every time', () => {
    const run = () =>
      selfMatch([
        ...['--ours-go', 'nodes 3000', '--peer-go', 'depth 3'],
        ...['--games', '2', '--first', '7', '--max-plies', '40'],
      ]);
    const first = run();
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(
      /ours go nodes 3000, peer go depth 3 a move, 2 games from ballot 7/,
    );
    const games = (out: string) => out.split('\n').filter((line) => line.startsWith('game '));
    expect(games(first.stdout)).toHaveLength(2);
    // Both sides took their go: no game was lost to an error line or a missing answer.
    for (const line of games(first.stdout)) expect(line).not.toMatch(/ said | gave no move/);
    // Neither side reads the clock: the second run is the first, game for game and ply for ply.
    expect(games(run().stdout)).toEqual(games(first.stdout));
  }, 60_000);

  it('refuses a go it cannot send, by name', () => {
    for (const go of ['nodes 0', 'depth 65', 'ponder 5', 'movetime']) {
      const { stderr, status } = spawnSync(
        process.execPath,
        [MATCH, '--peer', 'x', '--peer-go', go],
        { encoding: 'utf8' },
      );
      expect(status, go).toBe(2);
      expect(stderr, go).toMatch(/--peer-go must be "movetime <ms>" .*\(ERR_OPTIONS\)/);
    }
  });

  it('refuses a bad flag by name, with the usage', () => {
    const { stderr, status } = spawnSync(process.execPath, [MATCH, '--peer', 'x', '--games', '3'], {
      encoding: 'utf8',
    });
    expect(status).toBe(2);
    expect(stderr).toMatch(/--games must be even.*\(ERR_OPTIONS\)/);
  });
});
