// The online side of the page when `2048 serve` serves it: seeds come from the server,
// finished games go to its leaderboard, and its table of the current rules and size is shown.
import { type Leaderboard, mayRetry, submissionNote, UNISSUED_NOTE } from './leaderboard.js';
import { byId, showNameForm, showOnlineScores } from './panels.js';
import type { GameModel } from './view-model.js';

/** What the page does with the server; every call is a no-op when there is none. */
export interface OnlinePlay {
  /** True when the server refused the name (or was not reached): the form asks again. */
  readonly askNameAgain: boolean;
  /** Show the server's table of the current variant, or hide it when there is no server. */
  refresh(): Promise<void>;
  /** Give a fresh game nobody has moved in a seed from the server, so it can be ranked. */
  join(): Promise<void>;
  /**
   * Send the finished game under `name` when the server issued it; `localNote` is what the
   * local table said. The outcome goes in the overlay's note.
   */
  send(name: string, localNote: string): Promise<void>;
  /** A new game or an undo: the question about the name is no longer asked. */
  forget(): void;
}

/**
 * Wire the leaderboard client to the model and the page. `linkSeed` is the seed a link asked
 * for: that game is what the player chose, so it plays unranked rather than being replaced.
 *
 * @example
 * const online = createOnlinePlay(model, createLeaderboard(fetch, './api'), undefined, say);
 * void online.refresh().then(() => online.join());
 */
export function createOnlinePlay(
  model: GameModel,
  leaderboard: Leaderboard,
  linkSeed: string | undefined,
  say: (text: string) => void,
): OnlinePlay {
  let myScoreId: number | null = null;
  let askNameAgain = false;

  const refresh = async (): Promise<void> => {
    if (!(await leaderboard.available())) return showOnlineScores(null);
    const variant = model.variant;
    const top = await leaderboard.top(variant);
    const base = { variant, mine: myScoreId, recordUrl: leaderboard.recordUrl };
    if (top.ok) return showOnlineScores({ ...base, rows: top.value });
    const error = `The online table could not be read (${top.error.code}: ${top.error.message}).`;
    showOnlineScores({ ...base, rows: [], error });
  };

  const fresh = (): boolean => model.gameId === null && model.game.moves.length === 0;

  return {
    get askNameAgain() {
      return askNameAgain;
    },
    refresh,
    async join() {
      if (linkSeed !== undefined || !fresh() || !(await leaderboard.available())) return;
      const issued = await leaderboard.issueGame(model.variant);
      if (!fresh()) return; // the player moved meanwhile: that game goes on, unranked
      if (issued.ok) model.newGame({ variant: model.variant, ...issued.value });
      else byId('notice').textContent = `Playing offline: ${issued.error.message}`;
    },
    async send(name, localNote) {
      const { game, gameId } = model;
      askNameAgain = false;
      const note = byId('overlay-note');
      if (gameId === null) {
        if (await leaderboard.available()) note.textContent = `${localNote} ${UNISSUED_NOTE}`;
        return;
      }
      // An issued game is sent even when the page came up offline: a failure says so and
      // the form offers to send it again.
      note.textContent = `${localNote} Online: sending…`;
      const answer = await leaderboard.submit(name, gameId, game);
      if (model.game !== game) return refresh(); // a new game began; its overlay is gone
      note.textContent = `${localNote} ${submissionNote(answer)}`;
      say(note.textContent);
      if (answer.ok) myScoreId = answer.value.id;
      else if (mayRetry(answer.error.code)) {
        askNameAgain = true;
        showNameForm(true);
        byId('name').focus();
      }
      await refresh();
    },
    forget() {
      askNameAgain = false;
    },
  };
}
