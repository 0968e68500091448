/**
 * The full-screen ranked game as a pure step: a key sends its move and shows the slide, the
 * spawn shows when the server's answer does (however late), keys refused while paused wait in
 * order and go out on the next change, the footer says ranked, undo/hint/new answer why not,
 * q asks first, the end asks for the name and shows the rank and the record's address.
 */
import { countIds, type Position, positionOf } from '@twenty48/client';
import type { RankedStatus } from '@twenty48/common';
import { classic, type Direction, makeRules, type Rules } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import {
  NO_MOVE_LEFT,
  RANKED_KEYS,
  type RankedEffect,
  type RankedInput,
  type RankedScreenState,
  type RankedStep,
  rankedFrame,
  startRankedScreen,
  stepRankedScreen,
} from './rankedScreen.js';
import { RANKED_NOTE } from './rankedStart.js';
import type { Key } from './toolkit/keys.js';

const small = ((): Rules => {
  const rules = makeRules(classic, { size: 3 });
  if (!rules.ok) throw new Error(rules.error.message);
  return rules.value;
})();

const at = (board: number[][], score = 0, moves = 0, status: RankedStatus = 'playing'): Position =>
  positionOf(small, board, { score, status, moves }, countIds(1));

const START = at([
  [2, 0, 0],
  [0, 0, 0],
  [0, 0, 2],
]);
const SERVER = 'http://127.0.0.1:9';

const start = (position = START, lastName: string | null = null): RankedScreenState =>
  startRankedScreen({
    position,
    server: SERVER,
    lastName,
    notice: null,
    mode: 'none',
    cols: 80,
    rows: 24,
  }).state;

const arrow = (direction: Direction): RankedInput => ({
  kind: 'key',
  key: { kind: 'arrow', direction },
});
const press = (char: string): RankedInput => ({ kind: 'key', key: { kind: 'char', char } });
const keyOf = (key: Key): RankedInput => ({ kind: 'key', key });
const changed = (
  position: Position,
  connection: 'online' | 'retrying' | 'gone' = 'online',
): RankedInput => ({ kind: 'changed', position, connection });

/** Step through `inputs`; the last step. */
function run(state: RankedScreenState, ...inputs: RankedInput[]): RankedStep {
  let step: RankedStep = { state, effects: [] };
  for (const input of inputs) step = stepRankedScreen(step.state, input);
  return step;
}

const moves = (effects: readonly RankedEffect[]): Direction[] =>
  effects.flatMap((effect) => (effect.kind === 'move' ? [effect.direction] : []));
const screen = (state: RankedScreenState): string => rankedFrame(state).join('\n');

const SLID = at(
  [
    [2, 0, 0],
    [0, 0, 0],
    [2, 0, 0],
  ],
  0,
  1,
);
const SPAWNED = at(
  [
    [2, 0, 4],
    [0, 0, 0],
    [2, 0, 0],
  ],
  0,
  1,
);

describe('the ranked screen', () => {
  it('draws the board, a ranked title and the ranked footer', () => {
    const first = startRankedScreen({
      position: START,
      server: SERVER,
      lastName: null,
      notice: 'Your ranked game goes on: 3 moves, score 8.',
      mode: 'none',
      cols: 80,
      rows: 24,
    });
    expect(first.effects.map((effect) => effect.kind)).toEqual(['follow', 'draw']);
    const text = screen(first.state);
    expect(text).toContain(`2048 · ranked classic 3x3 · ${SERVER}`);
    expect(text).toContain('ranked: the server deals; no undo or hints');
    expect(text).toContain(RANKED_KEYS);
    expect(text).toContain('Your ranked game goes on: 3 moves, score 8.');
  });

  it('sends a key to the client, shows the slide at once and the spawn when the answer comes', () => {
    const pressed = run(start(), arrow('left'));
    expect(moves(pressed.effects)).toEqual(['left']);
    expect(pressed.effects.at(-1)?.kind).toBe('draw');
    const slid = run(pressed.state, { kind: 'moved', position: SLID, gained: 0 });
    expect(slid.state.position).toBe(SLID);
    expect(screen(slid.state)).toContain('Moves 1');
    // The answer comes late, after another key: the spawn shows then.
    const again = run(slid.state, press('s'));
    expect(moves(again.effects)).toEqual(['down']);
    const answered = run(again.state, changed(SPAWNED));
    expect(answered.state.position).toBe(SPAWNED);
    expect(answered.effects.map((effect) => effect.kind)).toEqual(['draw']);
  });

  it('sends every key pressed quickly, in order, without waiting for answers', () => {
    let state = start();
    const sent: Direction[] = [];
    for (const direction of ['left', 'down', 'right', 'up', 'left'] as const) {
      const step = run(state, arrow(direction));
      sent.push(...moves(step.effects));
      state = run(step.state, { kind: 'moved', position: SLID, gained: 0 }).state;
    }
    expect(sent).toEqual(['left', 'down', 'right', 'up', 'left']);
  });

  it('keeps the keys pressed while the connection is lost and sends them, in order, when it is back', () => {
    const lost = run(start(), changed(START, 'retrying'));
    expect(screen(lost.state)).toContain('connection lost, retrying…');
    const first = run(lost.state, arrow('left'));
    expect(moves(first.effects)).toEqual(['left']);
    const refused = run(first.state, { kind: 'refused', direction: 'left', reason: 'paused' });
    // While one waits, later keys wait behind it (not sent before it).
    const second = run(refused.state, arrow('down'));
    expect(moves(second.effects)).toEqual([]);
    expect(second.state.queued).toEqual(['left', 'down']);
    const stillLost = run(second.state, changed(START, 'retrying'));
    expect(moves(stillLost.effects)).toEqual([]);
    const back = run(stillLost.state, changed(START, 'online'));
    expect(moves(back.effects)).toEqual(['left', 'down']);
    expect(back.state.queued).toEqual([]);
    expect(screen(back.state)).not.toContain('connection lost');
  });

  it('answers u, i and n with why not, and a move nothing can make with a message', () => {
    for (const char of ['u', 'i', 'n']) {
      const step = run(start(), press(char));
      expect(step.effects.map((effect) => effect.kind)).toEqual(['draw']);
      expect(step.state.message).toBe(`Not in a ranked game: ${RANKED_NOTE}`);
    }
    const refused = run(start(), arrow('up'), {
      kind: 'refused',
      direction: 'up',
      reason: 'nothing moves',
    });
    expect(refused.state.message).toBe('Nothing can move up.');
  });

  it('asks before leaving: y leaves, anything else goes back to the game', () => {
    const asked = run(start(), press('q'));
    expect(screen(asked.state)).toContain('The game stays on the server');
    expect(run(asked.state, press('n')).state.phase).toEqual({ kind: 'playing' });
    expect(run(asked.state, press('y')).effects).toEqual([{ kind: 'exit', how: 'quit' }]);
    expect(run(start(), keyOf({ kind: 'interrupt' })).effects).toEqual([
      { kind: 'exit', how: 'interrupt' },
    ]);
  });

  it('at the game over asks for the name (the last one offered, capped), ranks it, shows the rank and the record', () => {
    const lost = at(
      [
        [2, 4, 2],
        [4, 2, 4],
        [2, 4, 8],
      ],
      60,
      20,
      'lost',
    );
    const over = run(start(START, 'Ad'), changed(lost));
    expect(over.state.phase).toEqual({ kind: 'naming', text: 'Ad' });
    expect(screen(over.state)).toContain(
      'Game over! Final score 60. Your name for the ranked table:',
    );
    const typed = run(over.state, press('a'), ...Array.from({ length: 30 }, () => press('x')));
    expect(typed.state.phase).toEqual({ kind: 'naming', text: `Ada${'x'.repeat(21)}` });
    const edited = run(
      typed.state,
      ...Array.from({ length: 21 }, () => keyOf({ kind: 'backspace' })),
    );
    const entered = run(edited.state, keyOf({ kind: 'enter' }));
    expect(entered.effects[0]).toEqual({ kind: 'rank', name: 'Ada' });
    expect(screen(entered.state)).toContain('Ranking the game as Ada…');
    const refused = run(entered.state, {
      kind: 'ranked',
      name: 'Ada',
      result: { ok: false, reason: 'Cannot rank the game: offline (ERR_OFFLINE)' },
    });
    expect(refused.state.phase).toEqual({ kind: 'naming', text: 'Ada' });
    expect(screen(refused.state)).toContain('Cannot rank the game: offline (ERR_OFFLINE)');
    const ranked = run(refused.state, keyOf({ kind: 'enter' }), {
      kind: 'ranked',
      name: 'Ada',
      result: { ok: true, rank: 3, id: 42 },
    });
    const text = screen(ranked.state);
    expect(text).toContain('Ada is number 3 for classic 3x3.');
    expect(text).toContain(`The record: ${SERVER}/api/scores/42/record`);
    expect(run(ranked.state, arrow('left')).effects.map((effect) => effect.kind)).toEqual(['draw']);
    expect(run(ranked.state, press('q')).effects).toEqual([{ kind: 'exit', how: 'quit' }]);
  });

  it('refuses a name the shared rule refuses and keeps asking; Esc leaves it unranked', () => {
    const lost = at(
      [
        [2, 4, 2],
        [4, 2, 4],
        [2, 4, 8],
      ],
      60,
      20,
      'lost',
    );
    const asked = run(start(lost));
    expect(asked.state.phase).toEqual({ kind: 'naming', text: '' });
    const markup = run(asked.state, press('<'), press('b'), press('>'), keyOf({ kind: 'enter' }));
    expect(markup.effects.map((effect) => effect.kind)).toEqual(['draw']);
    expect(markup.state.message).toBe('That name cannot be used: a name may not contain < or >');
    const skipped = run(asked.state, keyOf({ kind: 'escape' }));
    expect(skipped.state.phase.kind).toBe('over');
    expect(screen(skipped.state)).toContain('Not ranked');
  });

  it('says a win once and plays on', () => {
    const won = at(
      [
        [2048, 0, 0],
        [0, 0, 0],
        [0, 0, 2],
      ],
      20000,
      500,
      'won',
    );
    const step = run(start(), changed(won));
    expect(step.state.message).toBe('You win! Play on.');
    expect(moves(run(step.state, arrow('down')).effects)).toEqual(['down']);
  });

  it('follows a resize, and says so when the server gives the game up', () => {
    const resized = run(start(), { kind: 'resize', cols: 40, rows: 30 });
    expect(rankedFrame(resized.state)).toHaveLength(30);
    expect(resized.effects.at(-1)).toEqual({ kind: 'draw', lines: rankedFrame(resized.state) });
    const gone = run(start(), {
      kind: 'changed',
      position: START,
      connection: 'gone',
      reason: 'no such game (ERR_NOT_FOUND)',
    });
    expect(screen(gone.state)).toContain(
      'The server gave this game up: no such game (ERR_NOT_FOUND)',
    );
  });
});

describe('the ranked screen for a day’s game or a race', () => {
  const LOST = at(
    [
      [2, 4, 2],
      [4, 2, 4],
      [2, 4, 2],
    ],
    12,
    9,
    'lost',
  );
  const made = (extra: {
    title?: string;
    naming?: boolean;
    tableName?: string;
    notRanked?: string;
  }) =>
    startRankedScreen({
      position: START,
      server: SERVER,
      lastName: null,
      notice: null,
      mode: 'none',
      cols: 80,
      rows: 24,
      ...extra,
    }).state;

  it('shows its own title, and asks the name for its own table, which another ranking answers in lines', () => {
    const daily = made({ title: '2048 · daily 2026-11-26 · here', tableName: "today's table" });
    expect(screen(daily)).toContain('2048 · daily 2026-11-26 · here');
    const naming = run(daily, changed(LOST));
    expect(screen(naming.state)).toContain("Your name for today's table:");
    const ranked = run(naming.state, {
      kind: 'ranked',
      name: 'Ada',
      result: { ok: true, lines: ['Ada is number 1 today (2026-11-26).'] },
    });
    expect(screen(ranked.state)).toContain('Ada is number 1 today (2026-11-26).');
    expect(screen(ranked.state)).not.toContain('/record');
    const skipped = run(
      made({ notRanked: 'Not ranked today.' }),
      changed(LOST),
      keyOf({ kind: 'escape' }),
    );
    expect(screen(skipped.state)).toContain('Not ranked today.');
  });

  it('asks no name in a race: out of moves, then the race’s news, which a late refusal does not hide', () => {
    const race = made({ naming: false });
    const out = run(race, changed(LOST));
    expect(out.state.phase).toEqual({ kind: 'over', lines: [NO_MOVE_LEFT] });
    const news = run(race, { kind: 'news', message: 'Bo 1,024 · Cy 512' });
    expect(screen(news.state)).toContain('Bo 1,024 · Cy 512');
    const over = run(race, { kind: 'news', over: ['The race is over.', '  1. Bo  1,024'] });
    expect(screen(over.state)).toContain('1. Bo  1,024');
    const refused = run(over.state, {
      kind: 'changed',
      position: START,
      connection: 'gone',
      reason: 'the race is over (ERR_RACE_OVER)',
    });
    expect(screen(refused.state)).toContain('1. Bo  1,024');
    expect(screen(refused.state)).not.toContain('gave this game up');
  });
});
