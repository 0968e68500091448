import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DAILY_DAYS_FILE } from './commands/daily.js';
import {
  ARROW,
  boardOnScreen,
  MAIN,
  RESTORED,
  type Screen,
  shellThenStty,
  terminalAfter,
  trackScreens,
} from './testing/ptyScreen.js';
import { sharedRankedServer } from './testing/rankedServer.js';

const server = sharedRankedServer('together');
const track = trackScreens();
const run = promisify(execFile);
const CYCLE = [ARROW.down, ARROW.left, ARROW.right, ARROW.up].join('');

/** Press the cycle of arrows until `done` holds on the screen. */
async function playUntil(screen: Screen, done: () => boolean, what: string): Promise<void> {
  const until = Date.now() + 60_000;
  while (!done()) {
    if (Date.now() > until) throw new Error(`never ${what}:\n${screen.text()}`);
    screen.proc.write(CYCLE);
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}

const post = async <T>(path: string, body: unknown): Promise<T> =>
  (await (
    await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json()) as T;

describe('2048 daily in a terminal against a real server', { timeout: 120_000 }, () => {
  it('deals today’s tiles (the same as another client’s), plays to the end, ranks on the day’s table, prints the share line, the streak and the table', async () => {
    const dataDir = join(server.dir, 'daily');
    const other = await post<{ board: number[][]; date: string }>('/api/daily/games', {});
    const screen = track(
      shellThenStty(`"${process.execPath}" "${MAIN}" daily ${server.url} --data-dir "${dataDir}"`),
    );
    // The frame is whole once its last lines (the notice, the keys) are drawn.
    const whole = (s: Screen) => s.text().includes('arrows/wasd move');
    await screen.waitFor(
      () => screen.text().includes(`2048 · daily ${other.date}`) && whole(screen),
      'the game',
    );
    expect(screen.text()).toContain('Streak: none yet');
    expect(boardOnScreen(screen, 4)).toEqual(other.board);

    await playUntil(
      screen,
      () => screen.text().includes("Your name for today's table"),
      'asked for a name',
    );
    screen.proc.write('Ada\r');
    await screen.waitFor(() => screen.text().includes('Ada is number 1 today'), 'the rank');
    screen.proc.write('q');
    expect(await terminalAfter(screen)).toEqual(RESTORED(0));

    const share =
      /twenty48 daily (\d{4}-\d{2}-\d{2}) · 2048 [✓✗] · ([\d,]+) · ([\d,]+) moves?/.exec(
        screen.raw,
      );
    expect(share?.[1]).toBe(other.date);
    const scores = (await (
      await fetch(`${server.url}/api/daily/scores?date=${other.date}`)
    ).json()) as { scores: { name: string; score: number; moves: number }[] };
    const ada = scores.scores.find((row) => row.name === 'Ada');
    expect(share?.[2]).toBe(ada?.score.toLocaleString('en-US'));
    expect(share?.[3]).toBe(ada?.moves.toLocaleString('en-US'));
    expect(screen.raw).toContain('Streak: 1 day in a row.');
    expect(screen.raw).toMatch(/ {2}1\. Ada {2}/);
    expect(JSON.parse(readFileSync(join(dataDir, DAILY_DAYS_FILE), 'utf8'))).toEqual([other.date]);

    // Through a pipe: the day, its table and the streak, without playing.
    const piped = await run(process.execPath, [MAIN, 'daily', server.url, '--data-dir', dataDir]);
    expect(piped.stdout).toContain(`Daily ${other.date}: classic 4x4`);
    expect(piped.stdout).toMatch(/ {2}1\. Ada {2}/);
    expect(piped.stdout).toContain('Streak: 1 day in a row.');
  });

  it('says in one line that a server without the daily challenge cannot be reached', async () => {
    const failed = await run(process.execPath, [MAIN, 'daily', 'http://127.0.0.1:9']).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect('code' in failed ? failed.code : 0).toBe(1);
    expect('stderr' in failed ? failed.stderr : '').toMatch(/ERR_OFFLINE/);
  });
});

describe('2048 race in two terminals against a real server', { timeout: 150_000 }, () => {
  it('creates a race, a second terminal joins by its id, the host starts, 3-2-1, the same tiles, the other’s score live, the standings', async () => {
    const host = track(
      shellThenStty(
        `"${process.execPath}" "${MAIN}" race ${server.url} --name Ada --minutes 10 --data-dir "${join(server.dir, 'ada')}"`,
      ),
    );
    await host.waitFor(() => /race\.html#[\w-]{22,}/.test(host.text()), 'the race');
    const raceId = /race\.html#([\w-]{22,})/.exec(host.text())?.[1] as string;
    expect(host.text()).toContain(`  2048 race ${server.url} ${raceId}`);
    await host.waitFor(() => host.text().includes('Press Enter to start'), 'the lobby');

    const guest = track(
      shellThenStty(
        `"${process.execPath}" "${MAIN}" race ${server.url} ${raceId} --name Bo --data-dir "${join(server.dir, 'bo')}"`,
      ),
    );
    await guest.waitFor(() => guest.text().includes('Waiting for the host'), 'the guest’s lobby');
    await host.waitFor(() => host.text().includes('In the race: Ada, Bo'), 'Bo in the lobby');

    host.proc.write('\r');
    for (const screen of [host, guest]) {
      await screen.waitFor(
        () =>
          screen.text().includes('2048 · race classic 4x4') &&
          screen.text().includes('arrows/wasd move'),
        'the race',
      );
    }
    expect(host.raw).toMatch(/3\r?\n2\r?\n1\r?\nGo!/);
    // The same tiles for both.
    expect(boardOnScreen(host, 4)).toEqual(boardOnScreen(guest, 4));

    // Bo plays: Ada sees Bo's score under her board.
    guest.proc.write(CYCLE.repeat(3));
    await host.waitFor(() => /Bo \d+/.test(host.text()), 'Bo’s score on Ada’s screen');

    // Both play to the end: the race is over when every game is.
    await playUntil(guest, () => guest.text().includes('No move left'), 'out of moves (Bo)');
    await playUntil(host, () => host.text().includes('The race is over'), 'the end (Ada)');
    await guest.waitFor(() => guest.text().includes('The race is over'), 'the end (Bo)');
    const race = (await (await fetch(`${server.url}/api/races/${raceId}`)).json()) as {
      status: string;
      players: { name: string }[];
    };
    expect(race.status).toBe('finished');
    const first = race.players[0]?.name as string;
    expect(host.text()).toMatch(new RegExp(`1\\. ${first} `));

    // Both leave with q: the standings printed, the terminal given back (checked on the host's).
    guest.proc.write('q');
    host.proc.write('q');
    expect(await terminalAfter(host)).toEqual(RESTORED(0));
    await guest.waitFor(() => /exit=0/.test(guest.raw), 'the guest to leave');
    for (const screen of [host, guest]) expect(screen.raw).toContain('Standings:');
  });
});
