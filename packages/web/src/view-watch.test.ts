import { countIds, followMove, positionOf } from '@twenty48/client';
import { fail, type LiveGame, ok } from '@twenty48/common';
import { newGame, step } from '@twenty48/engine';
import { answerOf, moveEventOf } from '@twenty48/ranked';
import { describe, expect, it } from 'vitest';
import { ofType, openPage, types } from './testing/page.js';
import { LIST_REFRESH_MS, liveNow, retryMs } from './view-watch.js';

const LIVE: LiveGame[] = [
  {
    watchId: 'w9',
    rules: 'classic',
    size: 4,
    score: 96,
    maxTile: 16,
    moves: 40,
    status: 'playing',
    updatedAt: '2026-11-26T03:00:00.000Z',
  },
];
/** A minute after the game in LIVE last moved: it is live. */
const NOW = Date.parse('2026-11-26T03:01:00.000Z');

/** The watched game of seed 9: its state, then its first move, as the client reports them. */
function streamed() {
  const game = newGame('classic', '9');
  const ids = countIds(1);
  const position = positionOf(
    game.rules,
    game.board,
    { score: 0, status: 'playing', moves: 0 },
    ids,
  );
  const state = {
    watchId: 'w9',
    rules: 'classic',
    size: 4,
    board: game.board,
    score: 0,
    status: 'playing',
    moves: 0,
  } as const;
  const move = moveEventOf('left', answerOf(step(game, 'left'), 0));
  const followed = followMove(position, move, ids);
  if (!followed) throw new Error('no follow');
  const events = [...followed.events, ...(followed.spawn ? [followed.spawn] : [])];
  return {
    state: { type: 'state', state, position } as const,
    move: { type: 'move', move, position: followed.position, events, redrawn: false } as const,
  };
}

describe('the Watch view', () => {
  it('opens on the live games, best first, and says when it could not read them', () => {
    const page = openPage();
    expect(page.send({ type: 'watchOpened' })).toEqual([
      { type: 'loadLiveGames', listRun: 1 },
      { type: 'focusWatch', target: 'list' },
    ]);
    expect(page.state.watch).toMatchObject({ games: null, watching: null });
    page.send({ type: 'liveListed', answer: ok(LIVE), now: NOW, listRun: 1 });
    expect(page.state.watch?.games).toEqual(LIVE);
    page.send({ type: 'watchListAsked' });
    page.send({ type: 'liveListed', answer: fail('ERR_OFFLINE', 'down'), now: NOW, listRun: 2 });
    expect(page.state.watch?.listError).toBe(
      'The live games could not be read (down); trying again.',
    );
  });

  it('lists as live only the games moved in the last two minutes', () => {
    const page = openPage();
    page.send({ type: 'watchOpened' });
    const stale = { ...LIVE[0], watchId: 'w1', updatedAt: '2026-11-26T02:58:59.000Z' } as LiveGame;
    page.send({ type: 'liveListed', answer: ok([...LIVE, stale]), now: NOW, listRun: 1 });
    expect(page.state.watch?.games?.map((g) => g.watchId)).toEqual(['w9']);
    // A page whose clock is behind the server's still lists the game moving now.
    expect(liveNow(LIVE, NOW - 3_600_000).map((g) => g.watchId)).toEqual(['w9']);
  });

  it('reads the list again every few seconds while it shows, and no more once it is left', () => {
    const page = openPage();
    page.send({ type: 'watchOpened' });
    const listed = page.send({ type: 'liveListed', answer: ok(LIVE), now: NOW, listRun: 1 });
    expect(listed).toEqual([
      { type: 'later', ms: LIST_REFRESH_MS, input: { type: 'liveRefreshDue', listRun: 1 } },
    ]);
    expect(page.send({ type: 'liveRefreshDue', listRun: 1 })).toEqual([
      { type: 'loadLiveGames', listRun: 2 },
    ]);
    // The list stays shown while it is read again; an older reading's refresh is dropped.
    expect(page.state.watch?.games).toEqual(LIVE);
    expect(page.send({ type: 'liveRefreshDue', listRun: 1 })).toEqual([]);
    page.send({ type: 'watchPicked', watchId: 'w9' });
    expect(page.send({ type: 'liveRefreshDue', listRun: 2 })).toEqual([]);
  });

  it('reconnects a broken stream, waiting longer each time, and not a game left', () => {
    const page = openPage();
    page.send({ type: 'watchOpened' });
    page.send({ type: 'watchPicked', watchId: 'w9' });
    const error = {
      type: 'error',
      error: { code: 'ERR_OFFLINE', message: 'down', status: null, retryAfterMs: null },
    } as const;
    const broke = page.send({ type: 'watchUpdated', run: 1, update: error });
    expect(ofType(broke, 'later')).toEqual([
      { type: 'later', ms: retryMs(0), input: { type: 'watchRetryDue', run: 1 } },
    ]);
    expect(page.state.watch?.watching?.status).toMatch(/^The stream broke \(down\); reconnecting/);
    expect(page.send({ type: 'watchRetryDue', run: 1 })).toEqual([
      { type: 'stopWatching', run: 1 },
      { type: 'startWatching', run: 2, watchId: 'w9' },
    ]);
    const again = page.send({ type: 'watchUpdated', run: 2, update: error });
    expect(ofType(again, 'later')[0]?.ms).toBe(retryMs(1));
    expect(retryMs(1)).toBeGreaterThan(retryMs(0));
    expect(retryMs(20)).toBe(30_000);
    page.send({ type: 'watchClosed' });
    expect(page.send({ type: 'watchRetryDue', run: 2 })).toEqual([]);
  });

  it('does not reconnect to a game the server no longer has', () => {
    const page = openPage();
    page.send({ type: 'watchOpened' });
    page.send({ type: 'watchPicked', watchId: 'w9' });
    const gone = {
      type: 'error',
      error: { code: 'ERR_UNKNOWN_GAME', message: 'no such game', status: 404, retryAfterMs: null },
    } as const;
    expect(ofType(page.send({ type: 'watchUpdated', run: 1, update: gone }), 'later')).toEqual([]);
    expect(page.state.watch?.watching?.status).toBe('This game is no longer on the server.');
  });

  it('watches a picked game move by move with the events to animate, and says each move', () => {
    const page = openPage();
    page.send({ type: 'watchOpened' });
    page.send({ type: 'liveListed', answer: ok(LIVE), now: NOW, listRun: 1 });
    expect(page.send({ type: 'watchPicked', watchId: 'w9' })).toEqual([
      { type: 'startWatching', run: 1, watchId: 'w9' },
      { type: 'focusWatch', target: 'board' },
    ]);
    const { state, move } = streamed();
    const drawn = page.send({ type: 'watchUpdated', run: 1, update: state });
    expect(types(drawn)).toEqual(['drawWatch', 'announceWatch']);
    expect(ofType(drawn, 'announceWatch')[0]?.text).toBe(
      'Watching a classic 4×4 game: score 0, 0 moves.',
    );
    const moved = page.send({ type: 'watchUpdated', run: 1, update: move });
    expect(ofType(moved, 'drawWatch')[0]).toMatchObject({
      position: move.position,
      events: move.events,
    });
    expect(ofType(moved, 'announceWatch')[0]?.text).toMatch(
      /^Left: .* New \d at row \d, column \d\. Score \d+\.$/,
    );
    expect(page.state.watch?.watching?.position).toBe(move.position);
    page.send({
      type: 'watchUpdated',
      run: 1,
      update: { type: 'end', end: { status: 'lost', score: 1204 } },
    });
    expect(page.state.watch?.watching?.status).toBe('Game over! Final score 1204.');
  });

  it('drops the news of a game left behind, and closes its stream', () => {
    const page = openPage();
    page.send({ type: 'watchOpened' });
    page.send({ type: 'watchPicked', watchId: 'w9' });
    const picked = page.send({ type: 'watchPicked', watchId: 'w8' });
    expect(picked[0]).toEqual({ type: 'stopWatching', run: 1 });
    expect(page.send({ type: 'watchUpdated', run: 1, update: streamed().state })).toEqual([]);
    const error = {
      code: 'ERR_STREAM_CLOSED',
      message: 'the stream ended',
      status: null,
      retryAfterMs: null,
    };
    page.send({ type: 'watchUpdated', run: 2, update: { type: 'error', error } });
    expect(page.state.watch?.watching?.status).toBe(
      'The stream broke (the stream ended); reconnecting in 1 s.',
    );
  });

  it('leaves the player’s game alone while open, and goes back to it', () => {
    const page = openPage(undefined, { seed: '4' });
    const before = page.state.game;
    page.send({ type: 'watchOpened' });
    page.send({ type: 'watchPicked', watchId: 'w9' });
    for (const input of [
      { type: 'move', direction: 'left' },
      { type: 'undo' },
      { type: 'newGame' },
      { type: 'hintAsked' },
    ] as const) {
      expect(page.send(input)).toEqual([]);
    }
    expect(page.state.game).toBe(before);
    expect(page.send({ type: 'watchClosed' })).toEqual([
      { type: 'stopWatching', run: 1 },
      { type: 'focus', target: 'cells' },
    ]);
    expect(page.state.watch).toBe(null);
    page.move('left');
    expect(page.state.game.moves).toBe(step(before, 'left').game.moves);
  });
});
