import { ACF_BALLOTS, handleSearchRequest, INITIAL_FEN } from '@twenty48/checkers';
import { describe, expect, it } from 'vitest';
import {
  bottomSide,
  type CheckersState,
  type Effect,
  type Input,
  initialState,
  JUMP_PAUSE_MS,
  playerName,
  restore,
  shownGame,
  start,
  update,
} from './model.js';

function play(
  state: CheckersState,
  ...inputs: Input[]
): { state: CheckersState; effects: Effect[] } {
  const effects: Effect[] = [];
  let current = state;
  for (const input of inputs) {
    const next = update(current, input);
    current = next.state;
    effects.push(...next.effects);
  }
  return { state: current, effects };
}
const clicks = (...squares: number[]): Input[] =>
  squares.map((square) => ({ kind: 'square', square }));
const pdnOf = (state: CheckersState): string[] =>
  state.game.moves.map((m) => m.path.join(m.captured.length > 0 ? 'x' : '-'));
const two = (): CheckersState => initialState({ mode: 'two' });
const sounds = (effects: readonly Effect[]): string[] =>
  effects.flatMap((effect) => (effect.kind === 'sound' ? [effect.sound] : []));
const GAME = clicks(11, 15, 22, 18, 15, 22, 25, 18);

describe('the side at the bottom', () => {
  it("is the player's against the computer, Red between two players, the other when flipped", () => {
    expect(bottomSide(initialState())).toBe('black');
    expect(bottomSide(initialState({ computerSide: 'black' }))).toBe('red');
    expect(bottomSide(two())).toBe('red');
    expect(bottomSide(play(two(), { kind: 'flip' }).state)).toBe('black');
  });
});

describe('stepping through the game', () => {
  it('shows earlier positions, and playing on from one asks, then cuts the later moves', () => {
    const game = play(two(), ...GAME).state;
    const back = play(game, { kind: 'view', to: 2 }).state;
    expect(shownGame(back).moves).toHaveLength(2);
    expect(play(back, { kind: 'view', to: 'first' }).state.view).toBe(0);
    expect(play(back, { kind: 'view', to: 'last' }).state.view).toBeNull();
    expect(play(back, { kind: 'view', to: 99 }).state.view).toBeNull();
    const asked = play(back, ...clicks(15)).state;
    expect(asked.confirm).toEqual({ kind: 'cut', square: 15 });
    expect(pdnOf(play(asked, { kind: 'dismiss' }).state)).toHaveLength(4);
    const cut = play(asked, { kind: 'confirm' }).state;
    expect(pdnOf(cut)).toEqual(['11-15', '22-18']);
    expect(cut.selected).toBe(15);
    expect(cut.view).toBeNull();
  });
});

describe('new games, ballots and rematches', () => {
  it('asks before throwing a game under way away', () => {
    const under = play(two(), ...clicks(11, 15)).state;
    const asked = play(under, { kind: 'new', random: 0.5 }).state;
    expect(asked.confirm).toEqual({ kind: 'new', random: 0.5 });
    expect(pdnOf(play(asked, { kind: 'confirm' }).state)).toEqual([]);
    expect(play(two(), { kind: 'new', random: 0 }).state.confirm).toBeNull();
  });

  it('starts from a chosen ballot, or the one a random number picks', () => {
    const chosen = play(two(), { kind: 'opening', opening: 5 }, { kind: 'new', random: 0 }).state;
    expect(pdnOf(chosen).join(' ')).toBe(ACF_BALLOTS[5]);
    expect(chosen.past).toHaveLength(3);
    const random = play(
      two(),
      { kind: 'opening', opening: 'random' },
      { kind: 'new', random: 0.999 },
    );
    expect(pdnOf(random.state).join(' ')).toBe(ACF_BALLOTS[ACF_BALLOTS.length - 1]);
  });

  it('rematches with the colours swapped and the same ballot', () => {
    const state = play(initialState({ opening: 7 }), { kind: 'new', random: 0 }).state;
    const rematch = play(state, { kind: 'rematch', random: 0 });
    expect(rematch.state.computerSide).toBe('black');
    expect(pdnOf(rematch.state).join(' ')).toBe(ACF_BALLOTS[7]);
    expect(rematch.effects.some((effect) => effect.kind === 'search')).toBe(false); // Red (you) to move
  });
});

describe('PDN', () => {
  it('imports a game, and a bad one is named while the game is kept', () => {
    const opened = play(two(), { kind: 'pdn', name: 'a.pdn', text: '1. 11-15 22-18 *' }).state;
    expect(pdnOf(opened)).toEqual(['11-15', '22-18']);
    expect(opened.past).toHaveLength(2);
    const bad = play(opened, { kind: 'pdn', name: 'b.pdn', text: '1. 11-15\n2. 22-26' }).state;
    expect(pdnOf(bad)).toEqual(['11-15', '22-18']);
    expect(bad.notice).toMatch(
      /^Cannot open b\.pdn: line 2, move 1 "22-26": .*\(ERR_ILLEGAL_MOVE\); the game is kept$/,
    );
  });

  it('exports the players and the date', () => {
    const state = initialState({ level: 3 });
    expect(playerName(state, 'black')).toBe('You');
    expect(playerName(state, 'red')).toBe('Computer (level 3)');
    const { effects } = play(state, { kind: 'export-pdn', date: '2026.11.26' });
    const text = effects.find((effect) => effect.kind === 'download-text');
    expect(text?.kind === 'download-text' && text.text).toContain('[Date "2026.11.26"]');
    expect(text?.kind === 'download-text' && text.text).toContain('[White "Computer (level 3)"]');
  });
});

describe('sounds and analysis', () => {
  it('play only when switched on: a move, a capture', () => {
    expect(sounds(play(two(), ...GAME).effects)).toEqual([]);
    const on = play(two(), { kind: 'sound', on: true }, ...GAME);
    expect(sounds(on.effects)).toEqual(['move', 'move', 'capture', 'capture']);
  });

  it('asks the engine about the position shown, and keeps its answer for Black', () => {
    const asked = play(two(), { kind: 'analysis', on: true });
    const request = asked.effects.find((effect) => effect.kind === 'search');
    if (request?.kind !== 'search') throw new Error('no analysis asked');
    expect(request.request.fen).toBe(INITIAL_FEN);
    const reply = handleSearchRequest({ ...request.request, ms: undefined, depth: 4 });
    const answered = play(asked.state, { kind: 'reply', reply }).state;
    expect(answered.evaluation?.pv.length).toBeGreaterThan(0);
    expect(answered.evaluation?.fen).toBe(INITIAL_FEN);
    expect(answered.analysing).toBeNull();
    // The same position is not asked again; another one is.
    expect(play(answered, { kind: 'flip' }).effects.some((e) => e.kind === 'search')).toBe(false);
    expect(play(answered, ...clicks(11, 15)).effects.some((e) => e.kind === 'search')).toBe(true);
  });
});

describe("the computer's capture under way", () => {
  it('is saved with its whole move and goes on after a reload', () => {
    const state: CheckersState = { ...initialState({ level: 1 }), asking: { id: 5, hint: false } };
    const opened = restore(
      JSON.stringify({
        version: 1,
        start: 'W:W22:B10,18,K25',
        moves: [],
        mode: 'computer',
        computerSide: 'red',
      }),
    );
    if (opened === null || !opened.ok) throw new Error('no save');
    const reply = handleSearchRequest({ id: 5, fen: 'W:W22:B10,18,K25', depth: 2 });
    const midway = play({ ...opened.value, asking: state.asking }, { kind: 'reply', reply });
    const save = midway.effects.findLast((effect) => effect.kind === 'save');
    expect(save?.kind === 'save' && JSON.parse(save.text)).toMatchObject({
      jump: '22x15',
      computerMove: '22x15x6',
    });
    if (save?.kind !== 'save') throw new Error('not saved');
    const resumed = start(save.text);
    expect(resumed.effects).toContainEqual({ kind: 'wait', ms: JUMP_PAUSE_MS });
    expect(resumed.state.playing).toEqual([6]);
    expect(pdnOf(play(resumed.state, { kind: 'tick' }).state)).toEqual(['22x15x6']);
  });
});
