import {
  handleSearchRequest,
  legalMoves,
  makeFen,
  newGame,
  parseFen,
  playStep,
  sameMove,
} from '@twenty48/checkers';
import { describe, expect, it } from 'vitest';
import { moveOfReply, openSearcher, searchInput, searchRequest } from './searchClient.js';

const gameAt = (fen: string) => {
  const position = parseFen(fen);
  if (!position.ok) throw new Error(position.error.message);
  return newGame(position.value);
};

describe('the search client', () => {
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

  it('thinks on a worker thread, and refuses questions once closed', async () => {
    const searcher = openSearcher();
    try {
      const game = newGame();
      const answer = await searcher.best(game, { depth: 3 });
      expect(legalMoves(game.position).some((move) => answer && sameMove(move, answer.move))).toBe(
        true,
      );
      expect(answer?.depth).toBe(3);
    } finally {
      await searcher.close();
    }
    await expect(searcher.best(newGame(), { depth: 1 })).rejects.toThrow('closed');
  });
});
