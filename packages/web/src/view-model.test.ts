import { readFileSync } from 'node:fs';
import { countIds, positionOf } from '@twenty48/client';
import { fail, ok } from '@twenty48/common';
import {
  type Direction,
  type Game,
  makeRecord,
  newGame,
  parseRecord,
  step,
} from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { FAST_THINK_MS, THINK_MS } from './ai-client.js';
import { NO_NOTICE } from './messages.js';
import { rulesOf, type Variant } from './saved-game.js';
import { memoryStore } from './storage.js';
import { ofType, openPage, type Page, types } from './testing/page.js';
import { rankedScript, snapshotOf } from './testing/ranked-script.js';
import { SLIDE_MS } from './view-game.js';
import {
  bestOf,
  canUndo,
  nameFormShown,
  noteText,
  noticeOf,
  overlayOf,
  scoresOf,
  shownOf,
  type ViewEffect,
} from './view-state.js';

const DIRS = ['up', 'down', 'left', 'right'] as const;
const emptyBoard = (size: number): number[][] =>
  Array.from({ length: size }, () => Array<number>(size).fill(0));
const CLASSIC_4: Variant = { rules: 'classic', size: 4 };
const replayMoves = (game: Game, moves: Direction[]): Game =>
  moves.reduce((g, direction) => step(g, direction).game, game);

/** A real classic game that reaches 2048 (scripts/make-win-fixture.mjs), replayed by the engine. */
const winRecord = (() => {
  const parsed = parseRecord(
    readFileSync(new URL('../e2e/fixtures/win.json', import.meta.url), 'utf8'),
  );
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
})();
const LETTERS = { U: 'up', D: 'down', L: 'left', R: 'right' } as const;
const lastWinningMove = LETTERS[winRecord.moves.at(-1) as 'U'] as Direction;

/** A page one move before the win. */
function almostWon(): Page {
  const store = memoryStore();
  const record = { ...winRecord, moves: winRecord.moves.slice(0, -1) };
  store.set('twenty48:game', JSON.stringify({ record: JSON.parse(makeRecord(record)) }));
  return openPage(store);
}

/** A 3x3 game of seed 3 played to its end: local, or a ranked game `gameId` the server ended so. */
function lostGame(gameId: string | null = null): Page {
  const page = openPage(memoryStore(), { seed: '3', size: 3 });
  const order = ['left', 'up', 'right', 'up'] as const;
  for (let i = 0; page.state.game.status === 'playing' && i < 5000; i++) {
    page.move(order[i % 4] as Direction);
  }
  if (gameId !== null) {
    const { game } = page.state;
    const position = positionOf(
      game.rules,
      game.board,
      { score: game.score, status: 'lost', moves: game.moves.length },
      countIds(1),
    );
    const snapshot = snapshotOf(position, { gameId });
    page.send({ type: 'rankedOpened', purpose: 'new', answer: ok(snapshot) });
  }
  return page;
}

describe('opening the page', () => {
  it('starts exactly newGame(rules, seed) at the size a link asks for', () => {
    const page = openPage(memoryStore(), { seed: '42', rules: 'tiers', size: 5 });
    expect(page.state.game.board).toEqual(
      newGame(rulesOf({ rules: 'tiers', size: 5 }), '42').board,
    );
    expect(page.state.variant).toEqual({ rules: 'tiers', size: 5 });
    expect(page.state.settings.size).toBe(5);
  });

  it('draws the board, says the score, saves, and reads the online table', () => {
    const page = openPage(memoryStore(), { seed: '42' });
    expect(types(page.effects)).toEqual(['saveGame', 'drawBoard', 'announce', 'loadOnlineTable']);
    expect(ofType(page.effects, 'announce')[0]?.text).toBe('Score 0, 0 moves.');
  });

  it('says when the browser keeps nothing', () => {
    const page = openPage(memoryStore(), {}, { persistent: false });
    expect(noticeOf(page.state).text).toMatch(/does not allow saving/);
  });
});

describe('moves and animations', () => {
  it('plays 40 quick presses at once, each finishing the running animation: none waits, none is lost', () => {
    const page = openPage(memoryStore(), { seed: '7' });
    const presses = Array.from({ length: 40 }, (_, i) => DIRS[(i * 3) % 4] as Direction);
    let expected = newGame('classic', '7');
    for (const direction of presses) {
      const animating = page.state.animating;
      const effects = page.send({ type: 'move', direction });
      const result = step(expected, direction);
      expected = result.game;
      // Applied now, with no animationDone in between.
      expect(page.state.game.moves).toBe(expected.moves);
      if (!result.moved) continue;
      expect(page.state.animating).toBe(true);
      // A move during an animation tells the board to finish it before the new one starts.
      const finishing = types(effects).filter(
        (t) => t === 'finishAnimation' || t === 'animateMove',
      );
      expect(finishing).toEqual(animating ? ['finishAnimation', 'animateMove'] : ['animateMove']);
    }
    expect(expected.moves.length).toBeGreaterThan(20);
    expect(page.state.game.board).toEqual(expected.board);
    expect(page.state.game.score).toBe(expected.score);
    expect(ofType(page.all, 'animateMove')).toHaveLength(expected.moves.length);
    expect(ofType(page.all, 'finishAnimation')).toHaveLength(expected.moves.length - 1);
  });

  it('cuts nothing short once the animation is over, and ignores the end of an earlier one', () => {
    const page = openPage(memoryStore(), { seed: '7' });
    page.send({ type: 'move', direction: 'left' });
    const first = page.state.game;
    page.send({ type: 'move', direction: 'up' });
    // The first move's timer ends while the second move animates: still animating.
    expect(page.send({ type: 'animationDone', game: first })).toEqual([]);
    expect(page.state.animating).toBe(true);
    page.send({ type: 'animationDone', game: page.state.game });
    expect(page.state.animating).toBe(false);
    const next = page.send({ type: 'move', direction: 'right' });
    expect(types(next)).not.toContain('finishAnimation');
    expect(ofType(next, 'animateMove')[0]?.slideMs).toBe(SLIDE_MS);
  });

  it('animates, sounds, shows the gain and says each move, saving it first', () => {
    const page = openPage(memoryStore(), { seed: '7' });
    const effects = page.send({ type: 'move', direction: 'left' });
    expect(types(effects)).toEqual([
      'saveGame',
      'animateMove',
      'playSound',
      'showGain',
      'announce',
    ]);
    const result = step(newGame('classic', '7'), 'left');
    expect(ofType(effects, 'animateMove')[0]?.result).toEqual(result);
  });

  it('says when a move changes nothing, and does not wait for an animation', () => {
    // The first seed whose start leaves some direction with nothing to slide.
    const seeds = Array.from({ length: 100 }, (_, i) => String(i));
    const seed = seeds.find((s) => DIRS.some((d) => !step(newGame('classic', s), d).moved));
    if (seed === undefined) return expect.fail('no start among 100 seeds has a stuck direction');
    const page = openPage(memoryStore(), { seed });
    const stuck = DIRS.find((d) => !step(page.state.game, d).moved) as Direction;
    const effects = page.send({ type: 'move', direction: stuck });
    expect(page.state.animating).toBe(false);
    expect(page.state.game.moves).toBe('');
    expect(page.state.announcement).toMatch(/nothing moves/);
    expect(types(effects)).toEqual(['announce']);
  });

  it('announces merges, the new tile and the score', () => {
    const page = openPage(memoryStore(), { seed: '7' });
    page.send({ type: 'move', direction: 'left' });
    expect(page.state.announcement).toMatch(
      /^Left: .*New [24] at row \d, column \d\. Score \d+\.$/,
    );
  });

  it('undoes move by move, redrawing without animation', () => {
    const page = openPage(memoryStore(), { seed: '5' });
    for (const direction of ['left', 'up'] as const) page.move(direction);
    const effects = page.send({ type: 'undo' });
    expect(page.state.game).toEqual(replayMoves(newGame('classic', '5'), ['left']));
    expect(types(effects)).toEqual(['saveGame', 'drawBoard', 'announce']);
    expect(page.state.announcement).toMatch(/^Undone\. Score \d+\.$/);
    page.send({ type: 'undo' });
    expect(canUndo(page.state)).toBe(false);
    expect(page.send({ type: 'undo' })).toEqual([]);
  });
});

describe('saving', () => {
  it('resumes the saved game after a reload, with its undo history', () => {
    const store = memoryStore();
    const first = openPage(store, { seed: '9' });
    for (const direction of ['left', 'up', 'left'] as const) first.move(direction);
    const second = openPage(store);
    expect(second.state.game).toEqual(first.state.game);
    expect(canUndo(second.state)).toBe(true);
    second.send({ type: 'undo' });
    expect(second.state.game.moves).toBe(first.state.game.moves.slice(0, -1));
  });

  it('keeps the best score per rules and size', () => {
    const store = memoryStore();
    const page = openPage(store, { seed: '9' });
    for (let i = 0; i < 30; i++) page.move(DIRS[i % 4] as Direction);
    expect(page.state.game.score).toBeGreaterThan(0);
    expect(bestOf(page.state)).toBe(page.state.game.score);
    page.newGame({ rules: 'classic', size: 5 });
    expect(bestOf(page.state)).toBe(0);
    page.newGame(CLASSIC_4);
    expect(bestOf(page.state)).toBeGreaterThan(0);
    expect(bestOf(openPage(store).state)).toBe(bestOf(page.state));
  });

  it('reports a corrupt save by its code and starts afresh', () => {
    const store = memoryStore();
    store.set(
      'twenty48:game',
      '{"record":{"version":1,"rules":"classic","seed":"1","moves":"LX"}}',
    );
    const page = openPage(store);
    // Said in words; the code goes in the details line.
    expect(page.state.notice.text).toBe(
      'The saved game could not be restored, so a new game started.',
    );
    expect(page.state.notice.details).toMatch(/ERR_MOVES/);
    expect(page.state.game.moves).toBe('');
    expect(page.state.game.seed).toBe('fresh');
  });

  it('prefers a link to a different game over the saved one', () => {
    const store = memoryStore();
    openPage(store, { seed: '9' }).move('left');
    expect(openPage(store, { seed: '9' }).state.game.moves).not.toBe('');
    expect(openPage(store, { seed: '10' }).state.game.moves).toBe('');
  });
});

describe('winning, losing and the table', () => {
  it('shows the win, waits for an answer, then keeps going', () => {
    const page = almostWon();
    expect(overlayOf(page.state)).toBe(null);
    page.send({ type: 'move', direction: lastWinningMove });
    expect(page.effects).toContainEqual({ type: 'focus', target: 'keep-going' });
    page.send({ type: 'animationDone', game: page.state.game });
    expect(overlayOf(page.state)).toBe('won');
    expect(page.state.announcement).toMatch(/You win!/);
    const board = page.state.game.board;
    page.send({ type: 'move', direction: 'left' });
    expect(page.state.game.board).toBe(board);
    const effects = page.send({ type: 'keepPlaying' });
    expect(overlayOf(page.state)).toBe(null);
    expect(page.state.game.keptPlaying).toBe(true);
    expect(effects.at(-1)).toEqual({ type: 'focus', target: 'cells' });
  });

  it('never saves a name the rule refuses: the form keeps the focus and says why', () => {
    const page = lostGame();
    const long = 'A'.repeat(36);
    for (const refused of [long, 'Ada\u0007', '<b>Ada</b>']) {
      const effects = page.send({ type: 'nameSubmitted', text: refused, now: 1000 });
      expect(types(effects)).toEqual(['announce', 'focus']);
      expect(effects.at(-1)).toEqual({ type: 'focus', target: 'name' });
      expect(page.state.nameProblem).toMatch(/^Not a valid name: /);
      expect(scoresOf(page.state)).toEqual([]);
      expect(page.state.scoreSaved).toBe(false);
      expect(nameFormShown(page.state)).toBe(true);
    }
    expect(scoresOf(openPage(page.store).state)).toEqual([]);
    page.send({ type: 'nameSubmitted', text: 'Ada', now: 1000 });
    expect(page.state.nameProblem).toBe('');
    expect(scoresOf(page.state)[0]?.name).toBe('Ada');
  });

  it('enters a lost game in the table once, with a clean name', () => {
    const page = lostGame();
    expect(overlayOf(page.state)).toBe('lost');
    expect(page.all).toContainEqual({ type: 'focus', target: 'try-again' });
    expect(nameFormShown(page.state)).toBe(true);
    page.send({ type: 'nameSubmitted', text: '  Ada  ', now: 1000 });
    expect(page.state.note.local).toBe('Number 1 in your table.');
    expect(page.state.announcement).toBe('Saved: number 1 in the table.');
    expect(nameFormShown(page.state)).toBe(false);
    expect(page.send({ type: 'nameSubmitted', text: 'Ada', now: 2000 })).toEqual([]);
    expect(scoresOf(page.state)).toHaveLength(1);
    expect(scoresOf(page.state)[0]).toMatchObject({
      name: 'Ada',
      score: page.state.game.score,
      at: 1000,
    });
    expect(scoresOf(openPage(page.store).state)).toEqual(scoresOf(page.state));
  });

  it('starts the note afresh each time a game ends', () => {
    const page = lostGame();
    page.send({ type: 'nameSubmitted', text: 'Ada', now: 1 });
    page.send({ type: 'undo' });
    expect(overlayOf(page.state)).toBe(null);
    const last = DIRS.find((d) => step(page.state.game, d).game.status === 'lost') as Direction;
    page.move(last);
    expect(overlayOf(page.state)).toBe('lost');
    expect(noteText(page.state)).toBe('');
  });
});

describe('new games', () => {
  it('asks first when a game is under way, and only then', () => {
    const page = openPage(memoryStore(), { seed: '21' });
    expect(ofType(page.send({ type: 'newGame' }), 'issueGame')).toEqual([
      { type: 'issueGame', purpose: 'new', variant: CLASSIC_4 },
    ]);
    page.newGame(CLASSIC_4, '21');
    page.move('left');
    expect(page.send({ type: 'newGame' })).toEqual([
      { type: 'confirmNewGame', variant: CLASSIC_4, fromSettings: false },
    ]);
    expect(
      page.send({ type: 'confirmed', yes: false, variant: CLASSIC_4, fromSettings: false }),
    ).toEqual([]);
    expect(
      ofType(
        page.send({ type: 'confirmed', yes: true, variant: CLASSIC_4, fromSettings: false }),
        'issueGame',
      ),
    ).toEqual([{ type: 'issueGame', purpose: 'new', variant: CLASSIC_4 }]);
    page.newGame(CLASSIC_4, '77');
    expect(page.state.game).toEqual(newGame('classic', '77'));
    expect(page.state.announcement).toBe('New game, 4 by 4. Score 0.');
    expect(ofType(page.effects, 'loadOnlineTable')).toEqual([
      { type: 'loadOnlineTable', variant: CLASSIC_4 },
    ]);
  });

  it('starts another rules or size from the settings, and puts the form back when cancelled', () => {
    const page = openPage(memoryStore(), { seed: '8' });
    page.move('left');
    const form = { rules: 'tiers', size: 5, theme: 'system', tiers: false, sound: false, speed: 5 };
    const tiers5: Variant = { rules: 'tiers', size: 5 };
    expect(page.send({ type: 'settingsChanged', field: 'size', form })).toEqual([
      { type: 'confirmNewGame', variant: tiers5, fromSettings: true },
    ]);
    expect(
      page.send({ type: 'confirmed', yes: false, variant: tiers5, fromSettings: true }),
    ).toEqual([{ type: 'showSettings', settings: page.state.settings }]);
    page.send({ type: 'confirmed', yes: true, variant: tiers5, fromSettings: true });
    page.newGame(tiers5, '8');
    expect(page.state.variant).toEqual(tiers5);
    expect(page.state.settings).toMatchObject({ rules: 'tiers', size: 5, tiles: 'tiers' });
  });

  it('takes the theme, tiles, sound and speed, saves them and redraws the tiles', () => {
    const page = openPage(memoryStore(), { seed: '8' });
    const form = { rules: 'tiers', size: 5, theme: 'dark', tiers: true, sound: true, speed: 99 };
    const effects = page.send({ type: 'settingsChanged', field: 'theme', form });
    // Rules and size stay the game's; a speed out of range keeps the last one.
    expect(page.state.settings).toMatchObject({
      rules: 'classic',
      size: 4,
      theme: 'dark',
      tiles: 'tiers',
      sound: true,
      speed: 5,
    });
    expect(types(effects)).toEqual(['saveGame', 'announce', 'drawBoard']);
    expect(openPage(page.store).state.settings.theme).toBe('dark');
  });

  it('plays a local game and says why when the server was not reached', () => {
    const page = openPage(memoryStore(), { seed: '8' });
    page.send({
      type: 'gameIssued',
      purpose: 'new',
      variant: CLASSIC_4,
      seed: '12',
      refusal: { code: 'ERR_TIMEOUT', message: 'no answer within 4000 ms', status: null },
    });
    expect(page.state.notice).toEqual({
      text: 'The server could not be reached, so this game is local and unranked.',
      details: 'ERR_TIMEOUT: no answer within 4000 ms',
    });
    expect(page.state.online.localReason).toBe('unreachable');
    expect(page.state.game).toEqual(newGame('classic', '12'));
    expect(page.state.ranked).toBe(null);
  });
});

describe('the leaderboard', () => {
  const SIZE_3: Variant = { rules: 'classic', size: 3 };

  it('asks the server for a ranked game at the start; the board waits empty and shows it once', () => {
    const page = openPage();
    expect(page.state.online.dealing).toBe('join');
    expect(ofType(page.effects, 'issueGame')).toEqual([
      { type: 'issueGame', purpose: 'join', variant: CLASSIC_4 },
    ]);
    // No local game's tiles while the server deals: the board drawn at start is empty.
    const drawn = ofType(page.effects, 'drawBoard');
    expect(drawn.map((d) => d.game.board)).toEqual([emptyBoard(4)]);
    expect(shownOf(page.state)).toMatchObject({ board: emptyBoard(4), score: 0, moves: 0 });
    const effects = page.send({ type: 'onlineTable', variant: CLASSIC_4, answer: ok([]) });
    expect(effects).toEqual([]);
    expect(page.state.online.table).toEqual({ variant: CLASSIC_4, rows: [], mine: null });
    const ranked = rankedScript('5');
    const opened = page.send({
      type: 'rankedOpened',
      purpose: 'join',
      answer: ok(ranked.snapshot()),
    });
    expect(page.state.ranked?.gameId).toBe('g1');
    expect(page.state.online.dealing).toBe(null);
    expect(ofType(opened, 'drawBoard').map((d) => d.game.board)).toEqual([
      newGame('classic', '5').board,
    ]);
    expect(shownOf(page.state).board).toEqual(newGame('classic', '5').board);
  });

  it('holds the keys pressed while the game is dealt and plays them on the ranked game, in order', () => {
    const page = openPage();
    for (const direction of ['left', 'up'] as const) {
      expect(page.send({ type: 'move', direction })).toEqual([]);
    }
    expect(page.state.online.held).toEqual(['left', 'up']);
    expect(page.state.game.moves).toBe(''); // the local game was not played
    // Undo, hints, auto-play and another new game wait for the game too.
    expect(page.send({ type: 'hintAsked' })).toEqual([]);
    expect(page.send({ type: 'newGame' })).toEqual([]);
    const script = rankedScript('5');
    const opened = page.send({
      type: 'rankedOpened',
      purpose: 'join',
      answer: ok(script.snapshot()),
    });
    expect(ofType(opened, 'closeRanked')).toEqual([]);
    expect(ofType(opened, 'rankedMove')).toEqual([
      { type: 'rankedMove', gameId: 'g1', direction: 'left' },
      { type: 'rankedMove', gameId: 'g1', direction: 'up' },
    ]);
    // The board is drawn once (the server's), before the held moves go to the client.
    expect(types(opened).indexOf('drawBoard')).toBeLessThan(types(opened).indexOf('rankedMove'));
    expect(page.state.online.held).toEqual([]);
    expect(page.state.ranked?.gameId).toBe('g1');
  });

  it('without a server, the local game shows once and plays the keys held meanwhile', () => {
    const page = openPage();
    page.send({ type: 'move', direction: 'left' });
    const shown = page.send({
      type: 'gameIssued',
      purpose: 'join',
      variant: CLASSIC_4,
      seed: 'other',
      refusal: null,
    });
    const game = newGame('classic', 'fresh');
    expect(ofType(shown, 'drawBoard').map((d) => d.game.board)).toEqual([game.board]);
    expect(ofType(shown, 'animateMove')[0]?.result.game).toEqual(step(game, 'left').game);
    expect(page.state.online.dealing).toBe(null);
    expect(page.state.notice).toEqual(NO_NOTICE);
    // A ranked game answered after that is not taken: the player plays the local one.
    const late = page.send({
      type: 'rankedOpened',
      purpose: 'join',
      answer: ok(rankedScript('5').snapshot()),
    });
    expect(late).toEqual([{ type: 'closeRanked', gameId: 'g1' }]);
    expect(page.state.ranked).toBe(null);
  });

  it('a new game waits empty for the server too, then shows the one it dealt, held keys played', () => {
    const page = openPage(memoryStore(), { seed: '5' });
    page.move('left');
    page.send({ type: 'newGame' });
    const asked = page.send({
      type: 'confirmed',
      yes: true,
      variant: CLASSIC_4,
      fromSettings: false,
    });
    expect(ofType(asked, 'drawBoard').map((d) => d.game.board)).toEqual([emptyBoard(4)]);
    expect(overlayOf(page.state)).toBe(null);
    page.send({ type: 'move', direction: 'right' });
    expect(page.state.game.moves).toBe('L'); // the old game is not played either
    const script = rankedScript('9');
    const opened = page.send({
      type: 'rankedOpened',
      purpose: 'new',
      answer: ok(script.snapshot()),
    });
    expect(ofType(opened, 'rankedMove')).toEqual([
      { type: 'rankedMove', gameId: 'g1', direction: 'right' },
    ]);
    // Offline, the new local game shows and plays them.
    const offline = openPage(memoryStore(), { seed: '5' });
    offline.send({ type: 'newGame' });
    offline.send({ type: 'move', direction: 'up' });
    offline.newGame(CLASSIC_4, '77');
    expect(offline.state.game).toEqual(step(newGame('classic', '77'), 'up').game);
  });

  it('does not ask for a game in place of one from a link or a saved game under way', () => {
    const linked = openPage(memoryStore(), { seed: '5' });
    expect(linked.state.online.dealing).toBe(null);
    expect(ofType(linked.all, 'issueGame')).toEqual([]);
    expect(linked.send({ type: 'onlineTable', variant: CLASSIC_4, answer: ok([]) })).toEqual([]);
    linked.move('left');
    const reopened = openPage(linked.store);
    expect(reopened.state.online.dealing).toBe(null);
    expect(ofType(reopened.all, 'issueGame')).toEqual([]);
    expect(shownOf(reopened.state).moves).toBe(1);
  });

  it('says when the server is there but dealt no game, and keeps the local one', () => {
    const page = openPage();
    page.send({ type: 'onlineTable', variant: CLASSIC_4, answer: ok([]) });
    const before = page.state.game;
    page.send({
      type: 'gameIssued',
      purpose: 'join',
      variant: CLASSIC_4,
      seed: '5',
      refusal: { code: 'ERR_RATE_LIMIT', message: 'busy', status: 429 },
    });
    expect(page.state.game).toBe(before);
    // A server that answered is never called offline; the code is in the details.
    expect(page.state.notice.text).toBe('The server is busy: this game is local and unranked.');
    expect(page.state.notice.text).not.toMatch(/offline|ERR_/);
    expect(page.state.notice.details).toBe('ERR_RATE_LIMIT (HTTP 429): busy');
  });

  it('hides the table without a server, and says why a table could not be read', () => {
    const page = openPage();
    expect(page.send({ type: 'onlineTable', variant: CLASSIC_4, answer: null })).toEqual([]);
    expect(page.state.online.table).toBe(null);
    page.send({ type: 'onlineTable', variant: CLASSIC_4, answer: fail('ERR_TIMEOUT', 'slow') });
    expect(page.state.online.table?.error).toBe('The online table could not be read: slow.');
  });

  it('ranks a lost ranked game under the typed name after the local table, and marks the rank', () => {
    const page = lostGame('g1');
    const effects = page.send({ type: 'nameSubmitted', text: '  Ada ', now: 1 });
    expect(types(effects)).toEqual(['saveScores', 'saveGame', 'announce', 'focus', 'submitScore']);
    expect(ofType(effects, 'submitScore')[0]).toMatchObject({ name: 'Ada', gameId: 'g1' });
    expect(noteText(page.state)).toBe('Number 1 in your table. Online: sending…');
    const answered = page.send({
      type: 'scoreSubmitted',
      gameId: 'g1',
      answer: ok({ id: 7, rank: 2, score: page.state.game.score }),
    });
    expect(noteText(page.state)).toBe(
      'Number 1 in your table. Online: ranked by the server, number 2.',
    );
    expect(ofType(answered, 'announce')[0]?.text).toBe(noteText(page.state));
    expect(page.state.online.mine).toBe(7);
    expect(ofType(answered, 'loadOnlineTable')).toHaveLength(1);
    expect(nameFormShown(page.state)).toBe(false);
  });

  it('checks the name with the player-name rule before saving or sending it, and asks again', () => {
    const page = lostGame('g1');
    const effects = page.send({ type: 'nameSubmitted', text: '<b>Ada</b>', now: 1 });
    expect(ofType(effects, 'submitScore')).toEqual([]);
    expect(ofType(effects, 'saveScores')).toEqual([]);
    expect(page.state.nameProblem).toBe('Not a valid name: a name may not contain < or >.');
    expect(effects.at(-1)).toEqual({ type: 'focus', target: 'name' });
    expect(nameFormShown(page.state)).toBe(true);
    const again = page.send({ type: 'nameSubmitted', text: 'Ada', now: 2 });
    expect(types(again)).toContain('submitScore');
    expect(noteText(page.state)).toBe('Number 1 in your table. Online: sending…');
    expect(scoresOf(page.state)).toHaveLength(1);
  });

  it('offers to send again when the server was not reached, keeping the local note', () => {
    const page = lostGame('g1');
    page.send({ type: 'nameSubmitted', text: 'Ada', now: 1 });
    page.send({ type: 'scoreSubmitted', gameId: 'g1', answer: fail('ERR_OFFLINE', 'down') });
    expect(page.state.online.askNameAgain).toBe(true);
    expect(page.effects).toContainEqual({ type: 'focus', target: 'name' });
    expect(noteText(page.state)).toMatch(/^Number 1 in your table\. Online: not sent/);
    page.send({ type: 'nameSubmitted', text: 'Ada', now: 2 });
    page.send({ type: 'scoreSubmitted', gameId: 'g1', answer: ok({ id: 3, rank: 1, score: 1 }) });
    expect(noteText(page.state)).toBe(
      'Number 1 in your table. Online: ranked by the server, number 1.',
    );
  });

  it('does not ask again when the server judged the game itself', () => {
    const page = lostGame('g1');
    page.send({ type: 'nameSubmitted', text: 'Ada', now: 1 });
    page.send({ type: 'scoreSubmitted', gameId: 'g1', answer: fail('ERR_GAME_USED', 'used') });
    expect(page.state.online.askNameAgain).toBe(false);
    expect(nameFormShown(page.state)).toBe(false);
    expect(page.send({ type: 'nameSubmitted', text: 'Ada', now: 2 })).toEqual([]);
  });

  it('says a local game is unranked, when there is a server', () => {
    const page = lostGame();
    const effects = page.send({ type: 'nameSubmitted', text: 'Ada', now: 1 });
    expect(effects.at(-1)).toEqual({ type: 'checkServer' });
    page.send({ type: 'serverChecked', available: false });
    expect(noteText(page.state)).toBe('Number 1 in your table.');
    page.send({ type: 'serverChecked', available: true });
    expect(noteText(page.state)).toMatch(/^Number 1 in your table\. Online: not ranked, because/);
  });

  it('only reads the table again when the answer comes after a new game began', () => {
    const page = lostGame('g1');
    page.send({ type: 'nameSubmitted', text: 'Ada', now: 1 });
    page.newGame(SIZE_3, '4');
    const effects = page.send({
      type: 'scoreSubmitted',
      gameId: 'g1',
      answer: ok({ id: 1, rank: 1, score: 1 }),
    });
    expect(effects).toEqual([{ type: 'loadOnlineTable', variant: SIZE_3 }]);
    expect(page.state.online.mine).toBe(null);
  });

  it('says what the player-name rule thinks of the name being typed', () => {
    const page = lostGame();
    page.send({ type: 'nameTyped', text: 'x'.repeat(25) });
    expect(page.state.nameProblem).toMatch(/1 to 24 characters/);
    page.send({ type: 'nameTyped', text: `${'😀'.repeat(24)}` });
    expect(page.state.nameProblem).toBe('');
    page.send({ type: 'nameTyped', text: '' });
    expect(page.state.nameProblem).toBe('');
  });
});

describe('the AI: hints and auto-play', () => {
  const answer = (page: Page, purpose: 'hint' | 'autoplay', direction: Direction | null) => {
    const asked = ofType(page.all, 'askAi').at(-1);
    if (!asked) throw new Error('the AI was not asked');
    return page.send({
      type: 'aiAnswered',
      purpose,
      run: asked.run,
      game: asked.game,
      answer: { direction },
    });
  };

  it('shows the hint for the game it was asked about, and drops a stale one', () => {
    const page = openPage(memoryStore(), { seed: '17' });
    page.send({ type: 'hintAsked' });
    expect(page.state.hint.text).toBe('Thinking…');
    const effects = answer(page, 'hint', 'left');
    expect(page.state.hint).toEqual({ text: 'Hint: move left.', direction: 'left' });
    expect(effects).toEqual([{ type: 'announce', text: 'Hint: move left.' }]);
    page.send({ type: 'hintAsked' });
    const asked = ofType(page.effects, 'askAi')[0] as Extract<ViewEffect, { type: 'askAi' }>;
    page.move('left');
    expect(page.state.hint.text).toBe('');
    page.send({
      type: 'aiAnswered',
      purpose: 'hint',
      run: 0,
      game: asked.game,
      answer: { direction: 'up' },
    });
    expect(page.state.hint.text).toBe('');
  });

  it("says the AI's trouble in the hint, in words", () => {
    const page = openPage(memoryStore(), { seed: '17' });
    page.send({ type: 'hintAsked' });
    page.send({
      type: 'aiAnswered',
      purpose: 'hint',
      run: 0,
      game: page.state.game,
      answer: { error: { code: 'ERR_WORKER', message: 'the AI worker failed' } },
    });
    expect(page.state.hint.text).toBe('No hint: the AI worker failed');
    page.send({ type: 'hintAsked' });
    answer(page, 'hint', null);
    expect(page.state.hint.text).toBe('Hint: no move changes the board.');
  });

  it('plays alone: ask, move and ask about the next position at once; each move waits for its turn', () => {
    const page = openPage(memoryStore(), { seed: '17' });
    const started = page.send({ type: 'autoplayToggled', now: 1000 });
    expect(started).toEqual([
      { type: 'announce', text: 'Auto-play started.' },
      { type: 'askAi', purpose: 'autoplay', run: 1, game: page.state.game, ms: THINK_MS },
    ]);
    const run = page.state.autoplay.run;
    const moved = answer(page, 'autoplay', 'left');
    expect(page.state.game.moves).toBe('L');
    // The AI thinks about the position after the move while it animates: no animationDone.
    expect(types(moved)).toEqual([
      'saveGame',
      'animateMove',
      'playSound',
      'showGain',
      'announce',
      'askAi',
      'wakeAutoplay',
    ]);
    expect(ofType(moved, 'askAi')[0]?.game).toBe(page.state.game);
    // 5 moves a second: the next turn is 200 ms after this one began.
    expect(moved.at(-1)).toEqual({ type: 'wakeAutoplay', run, at: 1200 });
    // An answer before its turn waits for it.
    expect(answer(page, 'autoplay', 'up')).toEqual([]);
    expect(page.state.game.moves).toBe('L');
    const woken = page.send({ type: 'autoplayWake', run, now: 1201 });
    expect(page.state.game.moves).toBe('LU');
    expect(woken.at(-2)).toMatchObject({ type: 'askAi', game: page.state.game });
    expect(woken.at(-1)).toEqual({ type: 'wakeAutoplay', run, at: 1401 });
  });

  it('plays an answer that comes after its turn as soon as it comes', () => {
    const page = openPage(memoryStore(), { seed: '17' });
    page.send({ type: 'autoplayToggled', now: 0 });
    const { run } = page.state.autoplay;
    answer(page, 'autoplay', 'left');
    expect(page.send({ type: 'autoplayWake', run, now: 200 })).toEqual([]);
    const late = answer(page, 'autoplay', 'up');
    expect(page.state.game.moves).toBe('LU');
    // The turn began at the wake: the next is due a turn after it, not a turn after the answer.
    expect(late.at(-1)).toEqual({ type: 'wakeAutoplay', run, at: 400 });
  });

  it('plays 100 moves in a row without waiting for any animation to end', () => {
    const page = openPage(memoryStore(), { seed: '17' });
    page.send({ type: 'autoplayToggled', now: 0 });
    const { run } = page.state.autoplay;
    for (let turn = 1; turn <= 100; turn++) {
      const asked = ofType(page.all, 'askAi').at(-1) as Extract<ViewEffect, { type: 'askAi' }>;
      // A corner player: down and left first, then right, then up.
      const order = ['down', 'left', 'right', 'up'] as const;
      const direction = order.find((d) => step(asked.game, d).moved) as Direction;
      answer(page, 'autoplay', direction);
      page.send({ type: 'autoplayWake', run, now: turn * 200 });
    }
    expect(page.state.autoplay.phase).not.toBe('off');
    expect(page.state.animating).toBe(true);
    expect(page.state.game.moves).toHaveLength(100);
    // Each move after the first cut the last one's animation short.
    expect(ofType(page.all, 'finishAnimation')).toHaveLength(99);
  });

  it('at the top speed slides for no longer than a turn and asks the AI for a quick search', () => {
    const page = openPage(memoryStore(), { seed: '17' });
    const form = { rules: 'classic', size: 4, theme: 'system', tiers: false, sound: false };
    page.send({ type: 'settingsChanged', field: 'speed', form: { ...form, speed: 30 } });
    const started = page.send({ type: 'autoplayToggled', now: 0 });
    expect(ofType(started, 'askAi')[0]?.ms).toBe(FAST_THINK_MS);
    expect(FAST_THINK_MS).toBeLessThan(1000 / 30);
    const moved = answer(page, 'autoplay', 'left');
    expect(ofType(moved, 'animateMove')[0]?.slideMs).toBe(33);
    expect(ofType(moved, 'askAi')[0]?.ms).toBe(FAST_THINK_MS);
    expect(moved.at(-1)).toMatchObject({ type: 'wakeAutoplay', at: 1000 / 30 });
    // The player's own moves slide at the original's pace once auto-play is off.
    page.send({ type: 'autoplayToggled', now: 40 });
    const own = page.send({ type: 'move', direction: 'up' });
    expect(ofType(own, 'animateMove')[0]?.slideMs).toBe(SLIDE_MS);
  });

  it("stops once its move ends the game, and when the player's move does", () => {
    const page = almostWon();
    page.send({ type: 'autoplayToggled', now: 0 });
    const won = answer(page, 'autoplay', lastWinningMove);
    expect(overlayOf(page.state)).toBe('won');
    expect(page.state.autoplay.phase).toBe('off');
    // A win is announced as a win: the last words said are the move's, with its "You win!".
    const said = ofType(won, 'announce').at(-1)?.text ?? '';
    expect(said).toMatch(/You win! You made 2048\. Auto-play stopped\.$/);
    expect(said).not.toMatch(/game is over/);
    expect(types(won)).not.toContain('askAi');
    const own = almostWon();
    own.send({ type: 'autoplayToggled', now: 0 });
    const ended = own.send({ type: 'move', direction: lastWinningMove });
    expect(own.state.autoplay.phase).toBe('off');
    expect(ofType(ended, 'announce').at(-1)?.text).toMatch(
      /^Auto-play stopped\. .*You win! You made 2048\.$/,
    );
  });

  it('stops at an arrow and plays the arrow, said in one sentence', () => {
    const page = openPage(memoryStore(), { seed: '17' });
    page.send({ type: 'autoplayToggled', now: 0 });
    const asked = ofType(page.effects, 'askAi')[0] as Extract<ViewEffect, { type: 'askAi' }>;
    const before = page.state.game;
    const direction = DIRS.find((d) => step(before, d).game !== before) ?? 'left';
    const moved = page.send({ type: 'move', direction });
    expect(page.state.autoplay.phase).toBe('off');
    expect(page.state.game).toEqual(step(before, direction).game);
    expect(types(moved)).toContain('animateMove');
    expect(ofType(moved, 'announce').at(-1)?.text).toMatch(/^Auto-play stopped\. /);
    // The answer the stopped run still gets is not played.
    const late = {
      type: 'aiAnswered',
      purpose: 'autoplay',
      run: asked.run,
      game: asked.game,
      answer: { direction: 'left' },
    } as const;
    expect(page.send(late)).toEqual([]);
  });

  it('stops when asked, and ignores what the stopped run still receives', () => {
    const page = openPage(memoryStore(), { seed: '17' });
    page.send({ type: 'autoplayToggled', now: 0 });
    const asked = ofType(page.effects, 'askAi')[0] as Extract<ViewEffect, { type: 'askAi' }>;
    expect(page.send({ type: 'autoplayToggled', now: 5 })).toEqual([
      { type: 'announce', text: 'Auto-play stopped: stopped.' },
    ]);
    expect(page.state.autoplay.phase).toBe('off');
    const late = {
      type: 'aiAnswered',
      purpose: 'autoplay',
      run: asked.run,
      game: asked.game,
    } as const;
    expect(page.send({ ...late, answer: { direction: 'left' } })).toEqual([]);
    expect(page.send({ type: 'autoplayWake', run: asked.run, now: 9 })).toEqual([]);
    expect(page.state.game.moves).toBe('');
  });

  it("stops at the AI's error, when no move is left, at the game's end and for a new game", () => {
    const page = openPage(memoryStore(), { seed: '17' });
    page.send({ type: 'autoplayToggled', now: 0 });
    const asked = ofType(page.effects, 'askAi')[0] as Extract<ViewEffect, { type: 'askAi' }>;
    const error = { code: 'ERR_GAME', message: 'bad' } as const;
    page.send({
      type: 'aiAnswered',
      purpose: 'autoplay',
      run: asked.run,
      game: asked.game,
      answer: { error },
    });
    expect(page.effects).toEqual([{ type: 'announce', text: 'Auto-play stopped: bad.' }]);
    page.send({ type: 'autoplayToggled', now: 0 });
    expect(answer(page, 'autoplay', null)).toEqual([
      { type: 'announce', text: 'Auto-play stopped: no move left.' },
    ]);
    const lost = lostGame();
    const ended = lost.send({ type: 'autoplayToggled', now: 0 }).at(-1);
    expect(ended).toMatchObject({ type: 'announce' });
    expect(ended?.type === 'announce' && ended.text).toMatch(
      new RegExp(`Game over! Final score ${lost.state.game.score}\\. Auto-play stopped\\.$`),
    );
    page.send({ type: 'autoplayToggled', now: 0 });
    expect(types(page.send({ type: 'newGame' }))).toEqual(['announce', 'issueGame', 'drawBoard']);
    expect(page.effects[0]).toEqual({ type: 'announce', text: 'Auto-play stopped: stopped.' });
  });
});
