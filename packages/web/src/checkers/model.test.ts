import {
  handleSearchRequest,
  makeFen,
  newGame,
  parseFen,
  pieceAt,
  type SearchReply,
  type SearchRequest,
} from '@twenty48/checkers';
import { sheetOf } from '@twenty48/checkers-xlsx';
import { describe, expect, it } from 'vitest';
import {
  type CheckersState,
  cursorStep,
  type Effect,
  type Input,
  initialState,
  JUMP_PAUSE_MS,
  moveList,
  mustCapture,
  restore,
  start,
  statusLine,
  targetsOf,
  update,
} from './model.js';

/** Plays the inputs in order; returns the last state and every effect. */
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

const twoPlayers = (fen?: string): CheckersState => {
  const state = initialState({ mode: 'two' });
  if (fen === undefined) return state;
  const position = parseFen(fen);
  if (!position.ok) throw new Error(position.error.message);
  return { ...state, game: newGame(position.value) };
};

const pdnOf = (state: CheckersState): string[] =>
  state.game.moves.map((m) => m.path.join(m.captured.length > 0 ? 'x' : '-'));

const searches = (effects: readonly Effect[]): SearchRequest[] =>
  effects.flatMap((effect) => (effect.kind === 'search' ? [effect.request] : []));

const announced = (effects: readonly Effect[]): string[] =>
  effects.flatMap((effect) => (effect.kind === 'announce' ? [effect.text] : []));

describe('moving by picking squares', () => {
  it('selects a piece, shows its targets, and moves it', () => {
    const selected = play(twoPlayers(), ...clicks(11)).state;
    expect(selected.selected).toBe(11);
    expect(targetsOf(selected).sort()).toEqual([15, 16]);
    const { state, effects } = play(selected, ...clicks(15));
    expect(pdnOf(state)).toEqual(['11-15']);
    expect(statusLine(state)).toBe('Red to move');
    expect(announced(effects)).toEqual(['Black moves 11-15. Red to move.']);
    expect(effects.some((effect) => effect.kind === 'save')).toBe(true);
  });

  it('refuses a piece that may not move while a capture is due, and names the capture', () => {
    const due = play(twoPlayers(), ...clicks(11, 15, 22, 18)).state;
    expect(mustCapture(due.game)).toEqual([15]);
    expect(statusLine(due)).toBe('Black to move — a capture is compulsory');
    const refused = play(due, ...clicks(9)).state;
    expect(refused.selected).toBeNull();
    expect(refused.notice).toBe('A capture is compulsory: move 15');
    const dragged = play(due, { kind: 'drag', from: 9, to: 13 }).state;
    expect(pdnOf(dragged)).toEqual(['11-15', '22-18']);
    expect(pdnOf(play(due, { kind: 'drag', from: 15, to: 22 }).state)).toEqual([
      '11-15',
      '22-18',
      '15x22',
    ]);
  });

  it("says whose piece it is, and refuses the other side's", () => {
    const state = play(twoPlayers(), ...clicks(22)).state;
    expect(state.selected).toBeNull();
    expect(state.notice).toBe("That is red's piece; black is to move");
  });

  it('plays a multi-jump one landing at a time, then records one move', () => {
    const first = play(twoPlayers('W:W22,30:B3,10,18'), ...clicks(22, 15));
    expect(first.state.game.jump?.path).toEqual([22, 15]);
    expect(statusLine(first.state)).toBe('Red keeps jumping with 15');
    expect(targetsOf(first.state)).toEqual([6]);
    expect(first.state.game.moves).toHaveLength(0);
    const other = play(first.state, ...clicks(30)).state;
    expect(other.notice).toBe('The piece on 15 must keep jumping');
    const done = play(first.state, ...clicks(6));
    expect(pdnOf(done.state)).toEqual(['22x15x6']);
    expect(announced(done.effects)).toEqual([
      'Red moves 22x15x6, captures 18 and 10. Black to move.',
    ]);
  });

  it('crowns a man on the last row and says so', () => {
    const { state, effects } = play(twoPlayers('B:W9,12:B26'), ...clicks(26, 31));
    expect(state.lastMove?.crowned).toBe(true);
    expect(announced(effects)).toEqual(['Black moves 26-31, crowned. Red to move.']);
  });

  it('moves the keyboard cursor over the dark squares, stopping at the edges', () => {
    expect(cursorStep(9, 'right')).toBe(10);
    expect(cursorStep(12, 'right')).toBe(12);
    expect(cursorStep(11, 'down')).toBe(15);
    expect(cursorStep(1, 'up')).toBe(1);
    expect(cursorStep(5, 'down')).toBe(9);
  });
});

describe('undo', () => {
  it('takes back a whole move, and a capture under way', () => {
    const state = play(twoPlayers(), ...clicks(11, 15), { kind: 'undo' }).state;
    expect(state.game).toEqual(newGame());
    const jumping = play(twoPlayers('W:W22,30:B3,10,18'), ...clicks(22, 15), { kind: 'undo' });
    expect(makeFen(jumping.state.game.position)).toBe('W:W22,30:B3,10,18');
    expect(jumping.state.game.jump).toBeNull();
    expect(play(twoPlayers(), { kind: 'undo' }).state.notice).toBe('Nothing to undo');
  });

  it("against the computer, goes back to the player's turn", () => {
    const asked = play(initialState(), ...clicks(11, 15));
    const [request] = searches(asked.effects);
    if (request === undefined) throw new Error('no search asked');
    const answered = play(asked.state, {
      kind: 'reply',
      reply: handleSearchRequest({ ...request, depth: 1 }),
    });
    expect(answered.state.game.moves).toHaveLength(2);
    const back = play(answered.state, { kind: 'undo' });
    expect(back.state.game).toEqual(newGame());
    expect(searches(back.effects)).toEqual([]);
  });
});

describe('the computer', () => {
  it('is asked after the player moves, within its level, and plays the answer', () => {
    const asked = play(initialState({ level: 1 }), ...clicks(11, 15));
    const [request] = searches(asked.effects);
    expect(request).toMatchObject({
      id: 1,
      depth: 4,
      margin: 30,
      fen: makeFen(asked.state.game.position),
    });
    expect(statusLine(asked.state)).toBe('Red (computer) is thinking…');
    expect(play(asked.state, ...clicks(22)).state.notice).toBe('Wait: the computer is moving');
    const reply = handleSearchRequest(request);
    const played = play(asked.state, { kind: 'reply', reply });
    expect(played.state.game.moves).toHaveLength(2);
    expect(played.state.asking).toBeNull();
    expect(statusLine(played.state)).toMatch(/^Black to move/);
  });

  it('plays a multi-jump jump by jump, pausing between landings', () => {
    const position = parseFen('W:W22,30:B3,10,18');
    if (!position.ok) throw new Error(position.error.message);
    // The computer plays red, to move, and was asked (request 5).
    const state: CheckersState = {
      ...initialState(),
      game: newGame(position.value),
      asking: { id: 5, hint: false },
    };
    const reply: SearchReply = {
      id: 5,
      ok: true,
      move: '22x15x6',
      path: [22, 15, 6],
      score: 0,
      depth: 1,
      nodes: 1,
      pv: ['22x15x6'],
    };
    const midway = play(state, { kind: 'reply', reply });
    expect(midway.effects.map((effect) => effect.kind)).toEqual(['wait', 'save']);
    expect(midway.effects[0]).toEqual({ kind: 'wait', ms: JUMP_PAUSE_MS });
    expect(midway.state.game.jump?.path).toEqual([22, 15]);
    const done = play(midway.state, { kind: 'tick' });
    expect(done.state.game.moves.map((m) => m.path)).toEqual([[22, 15, 6]]);
    expect(announced(done.effects)).toEqual([
      'Red moves 22x15x6, captures 18 and 10. Black to move.',
    ]);
  });

  it('ignores a stale answer and names a failed one', () => {
    const asked = play(initialState(), ...clicks(11, 15)).state;
    const stale = handleSearchRequest({ id: 99, fen: makeFen(asked.game.position), depth: 1 });
    expect(play(asked, { kind: 'reply', reply: stale }).state).toBe(asked);
    const failed: SearchReply = {
      id: 1,
      ok: false,
      error: { code: 'ERR_INTERNAL', message: 'it broke' },
    };
    expect(play(asked, { kind: 'reply', reply: failed }).state.notice).toBe(
      'The computer failed: it broke (ERR_INTERNAL)',
    );
  });

  it('plays the side chosen for it: with Black it opens the game, and a new game too', () => {
    const chosen = play(initialState({ level: 1 }), { kind: 'computer-side', side: 'black' });
    const [request] = searches(chosen.effects);
    expect(request).toMatchObject({ fen: makeFen(newGame().position), depth: 4, margin: 30 });
    expect(chosen.state.computerSide).toBe('black');
    expect(statusLine(chosen.state)).toBe('Black (computer) is thinking…');
    expect(play(chosen.state, ...clicks(22)).state.notice).toBe('Wait: the computer is moving');
    if (request === undefined) throw new Error('no search asked');
    const opened = play(chosen.state, { kind: 'reply', reply: handleSearchRequest(request) });
    expect(opened.state.game.moves).toHaveLength(1);
    const from = opened.state.game.moves[0]?.from ?? 0;
    expect(pieceAt(newGame().position, from)?.side).toBe('black');
    expect(statusLine(opened.state)).toBe('Red to move');
    // A new game asks first (a game is under way), then keeps the sides: the computer opens again.
    const asked = play(opened.state, { kind: 'new', random: 0 });
    expect(asked.state.confirm).toEqual({ kind: 'new', random: 0 });
    expect(searches(asked.effects)).toEqual([]);
    const fresh = play(asked.state, { kind: 'confirm' });
    expect(fresh.state.computerSide).toBe('black');
    expect(searches(fresh.effects)).toHaveLength(1);
    // Given Red back, the computer waits for Black: no search, and Black may move.
    const back = play(fresh.state, { kind: 'computer-side', side: 'red' });
    expect(searches(back.effects)).toEqual([]);
    expect(back.state.asking).toBeNull();
    expect(pdnOf(play(back.state, ...clicks(11, 15)).state)).toEqual(['11-15']);
  });

  it('keeps the chosen side and level across a reload, and answers a stale search no more', () => {
    const chosen = play(
      initialState(),
      { kind: 'level', level: 4 },
      { kind: 'computer-side', side: 'black' },
    );
    const saves = chosen.effects.flatMap((e) => (e.kind === 'save' ? [e.text] : []));
    const resumed = start(saves[saves.length - 1] ?? null);
    expect(resumed.state.computerSide).toBe('black');
    expect(resumed.state.level).toBe(4);
    expect(searches(resumed.effects)).toHaveLength(1);
    // The search asked for Black is dropped when the computer is given Red meanwhile.
    const asked = chosen.state.asking;
    if (asked === null) throw new Error('no search asked');
    const swapped = play(chosen.state, { kind: 'computer-side', side: 'red' }).state;
    const reply = handleSearchRequest({ id: asked.id, fen: makeFen(newGame().position), depth: 1 });
    expect(play(swapped, { kind: 'reply', reply }).state.game.moves).toHaveLength(0);
  });

  it('gives a hint without playing it', () => {
    const asked = play(twoPlayers(), { kind: 'hint' });
    const [request] = searches(asked.effects);
    if (request === undefined) throw new Error('no hint asked');
    const hinted = play(asked.state, {
      kind: 'reply',
      reply: handleSearchRequest({ ...request, depth: 1 }),
    });
    expect(hinted.state.hint).not.toBeNull();
    expect(hinted.state.notice).toMatch(/^Hint: \d+-\d+$/);
    expect(hinted.state.game.moves).toHaveLength(0);
  });
});

describe('saves, files and the move list', () => {
  it('resumes a saved game, and reports a damaged one with a new game', () => {
    const { effects } = play(twoPlayers(), ...clicks(11, 15, 22, 18));
    const saves = effects.flatMap((effect) => (effect.kind === 'save' ? [effect.text] : []));
    const resumed = start(saves[saves.length - 1] ?? null);
    expect(pdnOf(resumed.state)).toEqual(['11-15', '22-18']);
    expect(resumed.state.mode).toBe('two');
    for (const [text, why] of [
      ['{', 'not JSON'],
      ['[]', 'unknown version'],
      ['{"version":1,"start":"X","moves":[]}', 'ERR_FEN'],
      ['{"version":1,"start":"B:W21-32:B1-12","moves":["11-15","11-16"]}', 'move 2 "11-16"'],
    ] as const) {
      const damaged = start(text);
      expect(damaged.state.game).toEqual(newGame());
      expect(damaged.state.notice).toContain(why);
      expect(damaged.state.notice).toContain('a new game started');
    }
    expect(restore(null)).toBeNull();
  });

  it('resumes a capture under way after a reload, mid-jump, and the jump goes on', () => {
    const { state, effects } = play(twoPlayers('W:W22,30:B3,10,18'), ...clicks(22, 15));
    expect(state.game.jump?.path).toEqual([22, 15]);
    const saves = effects.flatMap((effect) => (effect.kind === 'save' ? [effect.text] : []));
    expect(JSON.parse(saves[saves.length - 1] ?? '{}')).toMatchObject({ moves: [], jump: '22x15' });
    const resumed = start(saves[saves.length - 1] ?? null).state;
    expect(resumed.game.jump?.path).toEqual([22, 15]);
    expect(resumed.game.position).toEqual(state.game.position);
    expect(resumed.selected).toBe(15);
    expect(statusLine(resumed)).toBe('Red keeps jumping with 15');
    expect(targetsOf(resumed)).toEqual([6]);
    const finished = play(resumed, ...clicks(6)).state;
    expect(pdnOf(finished)).toEqual(['22x15x6']);
    // Undo of the capture under way is saved too: a reload then shows the move not begun.
    const undone = play(state, { kind: 'undo' });
    const undoneSaves = undone.effects.flatMap((e) => (e.kind === 'save' ? [e.text] : []));
    const reloaded = start(undoneSaves[undoneSaves.length - 1] ?? null).state;
    expect(reloaded.game.jump).toBeNull();
    expect(makeFen(reloaded.game.position)).toBe('W:W22,30:B3,10,18');
  });

  it("refuses a damaged capture under way by name, and takes back the computer's to ask it whole", () => {
    const save = (jump: unknown, extra: object = {}) =>
      JSON.stringify({
        version: 1,
        start: 'W:W22,30:B3,10,18',
        moves: [],
        mode: 'two',
        jump,
        ...extra,
      });
    for (const [jump, why] of [
      [7, 'the capture under way is not text'],
      ['22-15', 'is not landings joined by x'],
      ['22x17', 'cannot be played'],
      ['30x26', 'cannot be played'],
    ] as const) {
      const damaged = start(save(jump));
      expect(damaged.state.notice, String(jump)).toContain(why);
      expect(damaged.state.game).toEqual(newGame());
    }
    const whole = start(
      JSON.stringify({ version: 1, start: 'W:W22:B18', moves: [], mode: 'two', jump: '22x15' }),
    );
    expect(whole.state.notice).toContain('is a whole move, not one under way');
    // The computer plays Red: its capture under way is taken back and asked whole.
    const computer = start(save('22x15', { mode: 'computer', computerSide: 'red' }));
    expect(computer.state.game.jump).toBeNull();
    expect(makeFen(computer.state.game.position)).toBe('W:W22,30:B3,10,18');
    expect(searches(computer.effects)).toHaveLength(1);
  });

  it('opens a sheet, or keeps the game and names why not', () => {
    const before = play(twoPlayers(), ...clicks(11, 15)).state;
    const target = parseFen('W:W22,30:B3,10,18');
    if (!target.ok) throw new Error(target.error.message);
    const opened = play(before, {
      kind: 'opened',
      name: 'a.xlsx',
      sheet: { ok: true, value: sheetOf(target.value) },
    });
    expect(makeFen(opened.state.game.position)).toBe('W:W22,30:B3,10,18');
    const bad = play(before, {
      kind: 'opened',
      name: 'b.xlsx',
      sheet: { ok: false, error: { code: 'ERR_XLSX', message: 'it is not a zip file' } },
    });
    expect(bad.state.game).toBe(before.game);
    expect(bad.state.notice).toBe(
      'Cannot open b.xlsx: it is not a zip file (ERR_XLSX); the game is kept',
    );
    const cells = sheetOf(target.value).cells.map((row, r) =>
      r === 0 ? ['B n', ...row.slice(1)] : row,
    );
    const light = play(before, {
      kind: 'opened',
      name: 'c.xlsx',
      sheet: { ok: true, value: { cells, turn: 'p1' } as never },
    });
    expect(light.state.game).toBe(before.game);
    expect(light.state.notice).toContain('(ERR_LIGHT_SQUARE)');
  });

  it('downloads the position between moves only', () => {
    const jumping = play(twoPlayers('W:W22,30:B3,10,18'), ...clicks(22, 15), {
      kind: 'download-xlsx',
    });
    expect(jumping.effects.filter((effect) => effect.kind === 'download-xlsx')).toEqual([]);
    expect(jumping.state.notice).toMatch(/^Finish the jump/);
    const whole = play(jumping.state, ...clicks(6), { kind: 'download-xlsx' });
    expect(whole.effects).toContainEqual({
      kind: 'download-xlsx',
      sheet: sheetOf(whole.state.game.position),
      name: 'checkers.xlsx',
    });
  });

  it('lists the moves in pairs, from whichever side began', () => {
    const { state } = play(twoPlayers(), ...clicks(11, 15, 22, 18, 15, 22));
    expect(moveList(state.game)).toEqual([
      { number: 1, black: '11-15', red: '22-18' },
      { number: 2, black: '15x22', red: '' },
    ]);
    const red = play(twoPlayers('W:W22,30:B3,10,18'), ...clicks(22, 15, 6)).state;
    expect(moveList(red.game)).toEqual([{ number: 1, black: '', red: '22x15x6' }]);
  });
});
