import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INITIAL_FEN, makeFen, parseFen } from './fen.js';
import { newGame, playStep } from './game.js';
import { pliesArb } from './games.testkit.js';
import { applyMove, legalMoves } from './moves.js';
import { parsePdnMove } from './pdn.js';
import {
  handleSearchRequest,
  MAX_REQUEST_HISTORY,
  moveOfReply,
  parseSearchRequest,
  SEARCH_ERROR_CODES,
  type SearchReply,
  searchInput,
  searchRequest,
} from './protocol.js';

const codeOf = (reply: SearchReply): string | null => (reply.ok ? null : reply.error.code);

describe('parseSearchRequest', () => {
  it('accepts a request with every field, and with only id and fen', () => {
    const full = { id: 3, fen: INITIAL_FEN, depth: 4, ms: 250, history: [INITIAL_FEN] };
    expect(parseSearchRequest(full)).toEqual({ ok: true, value: full });
    expect(parseSearchRequest({ id: 0, fen: INITIAL_FEN })).toEqual({
      ok: true,
      value: { id: 0, fen: INITIAL_FEN },
    });
  });

  it.each([
    ['not an object', 'B:W21-32:B1-12', 'ERR_REQUEST'],
    ['null', null, 'ERR_REQUEST'],
    ['an array', [1, INITIAL_FEN], 'ERR_REQUEST'],
    ['an unknown field', { id: 1, fen: INITIAL_FEN, colour: 'red' }, 'ERR_REQUEST'],
    ['no id', { fen: INITIAL_FEN }, 'ERR_ID'],
    ['a negative id', { id: -1, fen: INITIAL_FEN }, 'ERR_ID'],
    ['a fractional id', { id: 1.5, fen: INITIAL_FEN }, 'ERR_ID'],
    ['a string id', { id: '1', fen: INITIAL_FEN }, 'ERR_ID'],
    ['no fen', { id: 1 }, 'ERR_FEN'],
    ['a bad fen', { id: 1, fen: 'B:W21-32' }, 'ERR_FEN'],
    ['thirteen men', { id: 1, fen: 'B:W20-32:B1-12' }, 'ERR_FEN'],
    ['an uncrowned man', { id: 1, fen: 'B:W21:B30' }, 'ERR_FEN'],
    ['a huge fen', { id: 1, fen: `B:W21-32:B1-12${' '.repeat(1000)}` }, 'ERR_FEN'],
    ['depth 0', { id: 1, fen: INITIAL_FEN, depth: 0 }, 'ERR_DEPTH'],
    ['depth 41', { id: 1, fen: INITIAL_FEN, depth: 41 }, 'ERR_DEPTH'],
    ['a fractional depth', { id: 1, fen: INITIAL_FEN, depth: 2.5 }, 'ERR_DEPTH'],
    ['a string depth', { id: 1, fen: INITIAL_FEN, depth: '4' }, 'ERR_DEPTH'],
    ['ms 0', { id: 1, fen: INITIAL_FEN, ms: 0 }, 'ERR_MS'],
    ['ms over a minute', { id: 1, fen: INITIAL_FEN, ms: 60_001 }, 'ERR_MS'],
    ['ms NaN', { id: 1, fen: INITIAL_FEN, ms: Number.NaN }, 'ERR_MS'],
    ['ms Infinity', { id: 1, fen: INITIAL_FEN, ms: Number.POSITIVE_INFINITY }, 'ERR_MS'],
    ['history not an array', { id: 1, fen: INITIAL_FEN, history: INITIAL_FEN }, 'ERR_HISTORY'],
    [
      'a bad fen in history',
      { id: 1, fen: INITIAL_FEN, history: [INITIAL_FEN, 'x'] },
      'ERR_HISTORY',
    ],
    ['a number in history', { id: 1, fen: INITIAL_FEN, history: [7] }, 'ERR_HISTORY'],
    [
      'too long a history',
      { id: 1, fen: INITIAL_FEN, history: Array(MAX_REQUEST_HISTORY + 1).fill(INITIAL_FEN) },
      'ERR_HISTORY',
    ],
  ])('refuses %s', (_name, data, code) => {
    const result = parseSearchRequest(data);
    expect(result.ok ? null : result.error.code).toBe(code);
    expect(codeOf(handleSearchRequest(data))).toBe(code);
  });
});

describe('handleSearchRequest', () => {
  it('answers with a legal move in PDN and its path, echoing the id', () => {
    const reply = handleSearchRequest({ id: 42, fen: INITIAL_FEN, depth: 4 });
    if (!reply.ok) throw new Error(reply.error.message);
    expect(reply.id).toBe(42);
    expect(reply.depth).toBe(4);
    const start = parseFen(INITIAL_FEN);
    if (!start.ok) throw new Error('bad start');
    const move = parsePdnMove(start.value, reply.move);
    expect(move.ok && move.value.path).toEqual(reply.path);
  });

  it('gives the expected line in PDN, starting with the move, each move legal in turn', () => {
    const reply = handleSearchRequest({ id: 3, fen: INITIAL_FEN, depth: 6 });
    if (!reply.ok) throw new Error(reply.error.message);
    expect(reply.pv[0]).toBe(reply.move);
    expect(reply.pv.length).toBeGreaterThanOrEqual(2);
    const start = parseFen(INITIAL_FEN);
    if (!start.ok) throw new Error('bad start');
    let position = start.value;
    for (const text of reply.pv) {
      const move = parsePdnMove(position, text);
      if (!move.ok) throw new Error(`${text}: ${move.error.message}`);
      position = applyMove(position, move.value);
    }
  });

  it('names every landing square of a multi-jump', () => {
    const reply = handleSearchRequest({ id: 1, fen: 'W:W22:B10,18,K25', ms: 50 });
    expect(reply).toMatchObject({ ok: true, move: '22x15x6', path: [22, 15, 6] });
  });

  it('says the game is over when the side to move has no move, and carries -1 for an unreadable id', () => {
    expect(codeOf(handleSearchRequest({ id: 5, fen: 'W:W:B1', depth: 2 }))).toBe('ERR_GAME_OVER');
    expect(handleSearchRequest({ id: 'five', fen: INITIAL_FEN })).toMatchObject({
      id: -1,
      ok: false,
    });
  });

  it('takes a repetition from the history as a draw', () => {
    // Red is lost, but 5-9 repeats the first position of the history (see search.test.ts).
    const history = ['B:WK9:BK19,K28', 'W:WK9:BK23,K28', 'B:WK5:BK23,K28'];
    const reply = handleSearchRequest({ id: 1, fen: 'W:WK5:BK19,K28', depth: 10, history });
    expect(reply).toMatchObject({ ok: true, move: '5-9', score: 0 });
  });

  it('never throws, and refuses anything that is not a request with a named error', () => {
    fc.assert(
      fc.property(fc.anything(), (data) => {
        const reply = handleSearchRequest(data);
        expect(reply.ok).toBe(false);
        if (!reply.ok) expect(SEARCH_ERROR_CODES).toContain(reply.error.code);
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on near-requests: each field valid or not', () => {
    const field = <T>(valid: fc.Arbitrary<T>) => fc.oneof(valid, fc.anything());
    const request = fc.record(
      {
        id: field(fc.nat()),
        fen: field(fc.constantFrom(INITIAL_FEN, 'W:W22:B18', 'B:WK14:BK13,K26', 'W:W:B1')),
        depth: field(fc.integer({ min: 1, max: 3 })),
        ms: field(fc.integer({ min: 1, max: 20 })),
        history: field(fc.array(fc.constantFrom(INITIAL_FEN, 'nonsense'), { maxLength: 3 })),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(request, (data) => {
        // Keep generated searches short: a shallow depth, a short budget, or a refused limit.
        const { depth, ms } = data as { depth?: unknown; ms?: unknown };
        const shallow = typeof depth === 'number' && depth <= 3;
        const depthRefused =
          depth !== undefined &&
          (typeof depth !== 'number' || !Number.isInteger(depth) || depth < 1 || depth > 40);
        const msBounded =
          ms !== undefined && (typeof ms !== 'number' || ms <= 20 || !(ms >= 1 && ms <= 60_000));
        fc.pre(shallow || depthRefused || msBounded);
        const reply = handleSearchRequest(data);
        if (!reply.ok) expect(SEARCH_ERROR_CODES).toContain(reply.error.code);
      }),
      { numRuns: 300 },
    );
  });

  it("answers every position of random games with a move legal in the request's FEN", () => {
    fc.assert(
      fc.property(pliesArb(120), fc.nat(), (plies, pick) => {
        if (plies.length === 0) return;
        const { position } = plies[pick % plies.length] as (typeof plies)[number];
        const fen = makeFen(position);
        const reply = handleSearchRequest({ id: pick, fen, depth: 3 });
        if (!reply.ok) {
          expect(reply.error.code).toBe('ERR_GAME_OVER');
          expect(legalMoves(position)).toEqual([]);
          return;
        }
        const parsed = parseFen(fen);
        if (!parsed.ok) throw new Error(parsed.error.message);
        const move = parsePdnMove(parsed.value, reply.move);
        expect(move.ok && move.value.path).toEqual(reply.path);
      }),
      { numRuns: 150 },
    );
  });
});

const gameAt = (fen: string) => {
  const position = parseFen(fen);
  if (!position.ok) throw new Error(position.error.message);
  return newGame(position.value);
};

describe('the asking side: searchInput, searchRequest, moveOfReply', () => {
  it('asks about the position before a jump under way, with the positions before it', () => {
    const start = newGame();
    const first = playStep(start, 9, 14);
    if (!first.ok) throw new Error(first.error.message);
    const second = playStep(first.value, 21, 17);
    if (!second.ok) throw new Error(second.error.message);
    const input = searchInput(second.value);
    expect(makeFen(input.position)).toBe(makeFen(second.value.position));
    expect(input.history.map(makeFen)).toEqual(
      [start, first.value].map((g) => makeFen(g.position)),
    );
    const before = gameAt('B:W14,23,29:B1,9');
    const jumping = playStep(before, 9, 18);
    if (!jumping.ok) throw new Error(jumping.error.message);
    expect(jumping.value.jump).not.toBeNull();
    expect(makeFen(searchInput(jumping.value).position)).toBe(makeFen(before.position));
  });

  it("speaks the rules package's protocol: the request is accepted, the reply is a legal move", () => {
    const game = gameAt('B:W14,23,29:B1,9');
    const request = searchRequest(7, game, { depth: 2 });
    expect(request).toEqual({ id: 7, fen: makeFen(game.position), depth: 2, history: [] });
    const reply = handleSearchRequest(request);
    const answer = moveOfReply(game, reply);
    if (answer === null || answer instanceof Error) throw new Error(String(answer));
    expect(answer.move.path).toEqual([9, 18, 27]);
    expect(moveOfReply(game, { ...reply, path: [9, 14] } as never)).toBeInstanceOf(Error);
    const over = handleSearchRequest(searchRequest(8, gameAt('B:W5,6,10:B1'), { depth: 1 }));
    expect(moveOfReply(gameAt('B:W5,6,10:B1'), over)).toBeNull();
  });
});
