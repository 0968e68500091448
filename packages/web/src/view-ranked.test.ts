import { countIds, positionOf } from '@twenty48/client';
import { ok } from '@twenty48/common';
import { type Direction, newGame, step } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { rulesOf } from './saved-game.js';
import { memoryStore } from './storage.js';
import { ofType, openPage, type Page, types } from './testing/page.js';
import { rankedScript, snapshotOf } from './testing/ranked-script.js';
import {
  canUndo,
  connectionLine,
  gameLine,
  nameFormShown,
  overlayOf,
  RANKED_LINE,
  shownOf,
} from './view-state.js';

const CLASSIC_4 = { rules: 'classic', size: 4 } as const;

/** A page that opened fresh, found the server, and took the ranked game `script` deals. */
function rankedPage(seed = '5') {
  const page = openPage();
  page.send({ type: 'onlineTable', variant: CLASSIC_4, answer: ok([]) });
  const script = rankedScript(seed);
  page.send({ type: 'rankedOpened', purpose: 'join', answer: ok(script.snapshot()) });
  return { page, script };
}

/** The page's move: the model asks the client, the client slides and answers as scripted. */
function rankedMove(page: Page, script: ReturnType<typeof rankedScript>, direction: Direction) {
  const asked = page.send({ type: 'move', direction });
  expect(asked).toEqual([{ type: 'rankedMove', gameId: 'g1', direction }]);
  return page.send(script.move(direction));
}

describe('a ranked game on the page', () => {
  it('takes the place of the fresh game, is saved by its id, and reads its table', () => {
    const { page } = rankedPage();
    expect(page.state.ranked).toMatchObject({ gameId: 'g1', watchId: 'w1', variant: CLASSIC_4 });
    expect(types(page.effects)).toEqual(['saveGame', 'drawBoard', 'announce', 'loadOnlineTable']);
    // Saved by its id, with its board as shown: a reload draws it while it is read again.
    const position = page.state.ranked?.position;
    const shown = { board: position?.board, score: 0, moves: 0 };
    expect(ofType(page.effects, 'saveGame')[0]?.ranked).toEqual({
      gameId: 'g1',
      variant: CLASSIC_4,
      shown,
    });
    expect(JSON.parse(page.store.get('twenty48:ranked') ?? '')).toEqual({
      gameId: 'g1',
      rules: 'classic',
      size: 4,
      shown,
    });
    expect(ofType(page.effects, 'announce')[0]?.text).toBe('New ranked game, 4 by 4. Score 0.');
  });

  it('animates the slide at the key press and the new tile when the answer comes, then says the move', () => {
    const { page, script } = rankedPage();
    const slid = rankedMove(page, script, 'left');
    expect(types(slid)).toEqual(['drawBoard', 'playSound', 'showGain']);
    const engine = step(newGame('classic', '5'), 'left');
    expect(ofType(slid, 'drawBoard')[0]?.events?.map((e) => e.type)).toEqual(
      engine.events.filter((e) => e.type !== 'spawn').map((e) => e.type),
    );
    const answered = page.send(script.answer());
    expect(types(answered)).toEqual(['saveGame', 'drawBoard', 'announce']);
    expect(ofType(answered, 'drawBoard')[0]?.events).toMatchObject([{ type: 'spawn' }]);
    expect(shownOf(page.state).board).toEqual(engine.game.board);
    expect(shownOf(page.state)).toMatchObject({ score: engine.game.score, moves: 1 });
    expect(ofType(answered, 'announce')[0]?.text).toMatch(
      /^Left: .* New \d+ at row \d, column \d\. Score \d+\.$/,
    );
  });

  it('pipelines quick moves: each goes to the client at once, none waits for an answer', () => {
    const { page, script } = rankedPage();
    const moves: Direction[] = ['left', 'up', 'right', 'down'];
    for (const direction of moves) rankedMove(page, script, direction);
    expect(page.state.animating).toBe(false);
    expect(ofType(page.all, 'rankedMove').map((e) => e.direction)).toEqual(moves);
    for (const _ of moves) page.send(script.answer());
    expect(shownOf(page.state).board).toEqual(script.server().board);
  });

  it('offers no undo, hint or auto-play, and says why', () => {
    const local = openPage();
    expect(gameLine(local.state)).toBe(''); // no server, nothing to say
    local.send({ type: 'onlineTable', variant: CLASSIC_4, answer: ok([]) });
    expect(gameLine(local.state)).toMatch(/^Local game: not ranked/);
    const { page, script } = rankedPage();
    expect(gameLine(page.state)).toBe(RANKED_LINE);
    rankedMove(page, script, 'left');
    page.send(script.answer());
    expect(canUndo(page.state)).toBe(false);
    expect(page.send({ type: 'undo' })).toEqual([]);
    expect(page.send({ type: 'hintAsked' })).toEqual([]);
    expect(page.send({ type: 'autoplayToggled', now: 0 })).toEqual([]);
    expect(page.state.autoplay.phase).toBe('off');
    expect(RANKED_LINE).toBe(
      'Ranked game: the server deals the tiles; no undo, hints or auto-play.',
    );
  });

  it('says when the connection is lost and back, and why a move was not made meanwhile', () => {
    const { page, script } = rankedPage();
    const lost = page.send(script.connection('retrying'));
    expect(connectionLine(page.state)).toBe('Connection lost, retrying…');
    expect(ofType(lost, 'announce')[0]?.text).toBe('Connection lost, retrying…');
    page.send({ type: 'move', direction: 'left' });
    const refused = page.send({
      type: 'rankedMoved',
      gameId: 'g1',
      direction: 'left',
      outcome: { sent: false, reason: 'paused' },
      snapshot: script.snapshot(),
    });
    expect(ofType(refused, 'announce')[0]?.text).toBe(
      'Connection lost, retrying…; that move was not made.',
    );
    const back = page.send(script.connection('online'));
    expect(connectionLine(page.state)).toBe('');
    expect(ofType(back, 'announce')[0]?.text).toBe('Connection back: the game goes on.');
  });

  it('says a move that changes nothing, and ignores news of a game it left', () => {
    const page = openPage();
    page.send({ type: 'onlineTable', variant: CLASSIC_4, answer: ok([]) });
    const script = rankedScript('47'); // two tiles in the first column: left changes nothing
    page.send({ type: 'rankedOpened', purpose: 'join', answer: ok(script.snapshot()) });
    page.send({ type: 'move', direction: 'left' });
    expect(ofType(page.send(script.move('left')), 'announce')[0]?.text).toBe(
      'Left: nothing moves.',
    );
    const other = rankedScript('2', CLASSIC_4, 'g-old');
    expect(page.send(other.connection('retrying'))).toEqual([]);
  });

  it('shows the win, keeps going when asked, and the end with the name form', () => {
    const { page, script } = rankedPage();
    rankedMove(page, script, 'left');
    const answered = script.answer();
    if (answered.type !== 'rankedChanged' || answered.change.type !== 'answered')
      throw new Error('no answer');
    const won = {
      ...answered,
      change: { ...answered.change, answer: { ...answered.change.answer, status: 'won' as const } },
    };
    page.send(won);
    expect(overlayOf(page.state)).toBe('won');
    expect(page.effects).toContainEqual({ type: 'focus', target: 'keep-going' });
    expect(page.send({ type: 'move', direction: 'up' })).toEqual([]);
    page.send({ type: 'keepPlaying' });
    expect(overlayOf(page.state)).toBe(null);
    expect(page.effects).toContainEqual({ type: 'focus', target: 'cells' });
    const { game } = page.state;
    const lost = positionOf(
      rulesOf(CLASSIC_4),
      game.board,
      { score: 8, status: 'lost', moves: 9 },
      countIds(1),
    );
    page.send({
      type: 'rankedChanged',
      gameId: 'g1',
      change: { type: 'connection', connection: 'online' },
      snapshot: snapshotOf(lost),
    });
    expect(overlayOf(page.state)).toBe('lost');
    expect(nameFormShown(page.state)).toBe(true);
  });

  it('asks before leaving a ranked game under way, and closes it for the next one', () => {
    const { page, script } = rankedPage();
    rankedMove(page, script, 'left');
    page.send(script.answer());
    expect(page.send({ type: 'newGame' })).toEqual([
      { type: 'confirmNewGame', variant: CLASSIC_4, fromSettings: false },
    ]);
    page.send({ type: 'confirmed', yes: true, variant: CLASSIC_4, fromSettings: false });
    expect(page.effects).toContainEqual({ type: 'issueGame', purpose: 'new', variant: CLASSIC_4 });
    const next = rankedScript('9', CLASSIC_4, 'g2');
    const opened = page.send({ type: 'rankedOpened', purpose: 'new', answer: ok(next.snapshot()) });
    expect(opened[0]).toEqual({ type: 'closeRanked', gameId: 'g1' });
    expect(page.state.ranked?.gameId).toBe('g2');
  });

  it('falls back to a local game, unranked, when the server deals none; the ranked one is closed', () => {
    const { page } = rankedPage();
    page.send({
      type: 'gameIssued',
      purpose: 'new',
      variant: CLASSIC_4,
      seed: '12',
      refusal: { code: 'ERR_SERVER_FULL', message: 'the server is full', status: 503 },
    });
    expect(page.effects[0]).toEqual({ type: 'closeRanked', gameId: 'g1' });
    expect(page.state.ranked).toBe(null);
    expect(page.state.game).toEqual(newGame('classic', '12'));
    expect(page.state.notice).toEqual({
      text: 'The server is busy: this game is local and unranked.',
      details: 'ERR_SERVER_FULL (HTTP 503): the server is full',
    });
    expect(page.store.get('twenty48:ranked')).toBe(null);
  });
});

describe('a reload in a ranked game', () => {
  const storedPage = () => {
    const store = memoryStore();
    store.set('twenty48:ranked', JSON.stringify({ gameId: 'g1', rules: 'classic', size: 4 }));
    return store;
  };

  it('reads the game again from the server; the board waits empty and moves wait meanwhile', () => {
    const page = openPage(storedPage());
    expect(types(page.effects)).toEqual([
      'saveGame',
      'drawBoard',
      'resumeRanked',
      'loadOnlineTable',
    ]);
    // No local game's tiles before the ranked game's: an empty board of its size.
    expect(ofType(page.effects, 'drawBoard')[0]?.game.board).toEqual(
      Array.from({ length: 4 }, () => [0, 0, 0, 0]),
    );
    expect(ofType(page.effects, 'resumeRanked')[0]?.gameId).toBe('g1');
    expect(connectionLine(page.state)).toBe('Resuming your ranked game…');
    expect(page.send({ type: 'move', direction: 'left' })).toEqual([]);
    expect(page.state.online.held).toEqual(['left']);
    // The table does not replace the game being resumed.
    expect(page.send({ type: 'onlineTable', variant: CLASSIC_4, answer: ok([]) })).toEqual([]);
  });

  it('draws the board it stored while the game is read again, shown as ranked', () => {
    const store = memoryStore();
    const board = [
      [2, 0, 0, 0],
      [0, 4, 0, 0],
      [0, 0, 8, 0],
      [0, 0, 0, 16],
    ];
    const shown = { board, score: 36, moves: 9 };
    store.set(
      'twenty48:ranked',
      JSON.stringify({ gameId: 'g1', rules: 'classic', size: 4, shown }),
    );
    const page = openPage(store);
    expect(ofType(page.effects, 'drawBoard')[0]?.game.board).toEqual(board);
    expect(shownOf(page.state)).toMatchObject({ score: 36, moves: 9 });
    expect(gameLine(page.state)).toBe(RANKED_LINE);
    // A stored board that is not one (wrong size, not a tile) is not drawn.
    for (const bad of [[[2, 0]], board.map((row) => row.map((v) => v + 1))]) {
      store.set(
        'twenty48:ranked',
        JSON.stringify({
          gameId: 'g1',
          rules: 'classic',
          size: 4,
          shown: { ...shown, board: bad },
        }),
      );
      expect(shownOf(openPage(store).state).score).toBe(0);
    }
  });

  it('offers the open game a refusal names, and resumes it in place of the local one', () => {
    const page = openPage(memoryStore());
    const open = {
      gameId: 'g7',
      watchId: 'w7',
      rules: 'classic',
      size: 4,
      moves: 12,
      score: 96,
      resume: '/api/games/g7',
    } as const;
    page.send({
      type: 'gameIssued',
      purpose: 'join',
      variant: CLASSIC_4,
      seed: '5',
      refusal: { code: 'ERR_TOO_MANY_GAMES', message: 'too many', status: 429, open: [open] },
    });
    expect(page.state.notice).toEqual({
      text: 'You have too many unfinished ranked games: this one is local.',
      details: 'ERR_TOO_MANY_GAMES (HTTP 429): too many',
      resume: open,
    });
    const asked = page.send({ type: 'resumeOpen', gameId: 'g7', variant: CLASSIC_4 });
    expect(ofType(asked, 'resumeRanked')).toEqual([{ type: 'resumeRanked', gameId: 'g7' }]);
    expect(page.state.notice.text).toBe('');
    expect(gameLine(page.state)).toBe(RANKED_LINE);
    const script = rankedScript('9', CLASSIC_4, 'g7');
    page.send({ type: 'rankedOpened', purpose: 'resume', answer: ok(script.snapshot()) });
    expect(page.state.ranked?.gameId).toBe('g7');
    // Asked again while a ranked game is shown: nothing happens.
    expect(page.send({ type: 'resumeOpen', gameId: 'g8', variant: CLASSIC_4 })).toEqual([]);
  });

  it('shows the resumed game once and goes on with it, the moves held meanwhile first', () => {
    const page = openPage(storedPage());
    page.send({ type: 'move', direction: 'left' });
    const script = rankedScript('5');
    const opened = page.send({
      type: 'rankedOpened',
      purpose: 'resume',
      answer: ok(script.snapshot()),
    });
    expect(page.state.ranked?.gameId).toBe('g1');
    expect(page.state.online.resuming).toBe(false);
    expect(ofType(page.effects, 'announce')[0]?.text).toBe(
      'Ranked game resumed. Score 0, 0 moves.',
    );
    expect(ofType(opened, 'drawBoard').map((d) => d.game.board)).toEqual([
      newGame('classic', '5').board,
    ]);
    expect(ofType(opened, 'rankedMove')).toEqual([
      { type: 'rankedMove', gameId: 'g1', direction: 'left' },
    ]);
    page.send(script.move('left'));
    page.send(script.answer());
    rankedMove(page, script, 'up');
  });

  it('keeps the ranked game for later when the server cannot be reached, and plays locally meanwhile', () => {
    const page = openPage(storedPage());
    page.send({ type: 'move', direction: 'left' });
    const error = { code: 'ERR_OFFLINE', message: 'down', status: null, retryAfterMs: null };
    const shown = page.send({
      type: 'rankedOpened',
      purpose: 'resume',
      answer: { ok: false, error },
    });
    // The local game shows once, and the move held meanwhile is played on it.
    const local = newGame('classic', 'fresh');
    expect(ofType(shown, 'drawBoard').map((d) => d.game.board)).toEqual([local.board]);
    expect(ofType(shown, 'animateMove')[0]?.result.game).toEqual(step(local, 'left').game);
    expect(page.state.ranked).toBe(null);
    expect(page.state.notice).toEqual({
      text: 'Your ranked game could not be reached: this one is local. Reload to retry.',
      details: 'ERR_OFFLINE: down',
    });
    page.move('left');
    expect(page.store.get('twenty48:ranked')).toBe(
      '{"gameId":"g1","rules":"classic","size":4,"shown":null}',
    );
  });

  it('forgets a ranked game the server no longer has, and takes a new one', () => {
    const page = openPage(storedPage());
    const error = {
      code: 'ERR_GAME_EXPIRED',
      message: 'idle too long',
      status: 410,
      retryAfterMs: null,
    };
    page.send({ type: 'rankedOpened', purpose: 'resume', answer: { ok: false, error } });
    expect(page.state.notice).toEqual({
      text: 'Your last ranked game is over on the server.',
      details: 'ERR_GAME_EXPIRED (HTTP 410): idle too long',
    });
    expect(page.effects).toContainEqual({ type: 'issueGame', purpose: 'join', variant: CLASSIC_4 });
    expect(ofType(page.effects, 'drawBoard')).toEqual([]); // the board still waits, empty
    expect(page.state.online.dealing).toBe('join');
    expect(page.store.get('twenty48:ranked')).toBe(null);
  });

  it('opens the game a link asks for instead, keeping the ranked game for the next visit', () => {
    const page = openPage(storedPage(), { seed: '7' });
    expect(ofType(page.effects, 'resumeRanked')).toEqual([]);
    expect(page.state.game).toEqual(newGame('classic', '7'));
    expect(page.store.get('twenty48:ranked')).not.toBe(null);
  });
});
