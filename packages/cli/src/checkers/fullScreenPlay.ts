/**
 * `checkers` in a terminal: the board full-screen, the command line under it. Keys edit the
 * line (Backspace, left/right, Ctrl-U, up/down through the commands entered before); Enter runs
 * it. Commands run one after the other; the computer thinks on its worker thread meanwhile, so
 * the line keeps answering, and its move is dropped if the game changed in between (an undo, a
 * load). The terminal is restored on every way out.
 */
import type { ReadStream, WriteStream } from 'node:tty';
import {
  formatCoords,
  type Game,
  moveToPdn,
  pieceAt,
  type Square,
  squareAt,
} from '@twenty48/checkers';
import type { ColorMode } from '../colors.js';
import { decodeKeys } from '../keys.js';
import { enterFullScreen } from '../terminal.js';
import { type BoardView, renderBoardFrame } from './boardFrame.js';
import { editLine, emptyEditor } from './lineEditor.js';
import { stepsFrom } from './moveCommand.js';
import { announcement, jumpingSquare, sideName, sideWord } from './moveText.js';
import { commandsOfLine } from './plainPlay.js';
import { type Answer, piecesLine, type Session } from './session.js';

/** The session to play, the terminal's streams and its colour mode. */
export interface FullScreenCheckersOptions {
  readonly session: Session;
  readonly input: ReadStream;
  readonly output: WriteStream;
  readonly mode: ColorMode;
}

/** How the game ended: `(exit)`, Ctrl-C, the end of the game, or the computer failing. */
export type FullScreenEnd = 'exit' | 'interrupt' | 'over' | 'failed';

/** The piece a command being typed starts from, `(move (3 2) …`, to light its targets. */
const TYPED_START = /^\s*[([]\s*move\s*[([]\s*(\d)\s+(\d)\s*[)\]]/i;

function typedSquare(game: Game, text: string): Square | null {
  const match = TYPED_START.exec(text);
  if (match === null) return null;
  const square = squareAt(Number(match[1]), Number(match[2]));
  if (square === null) return null;
  return pieceAt(game.position, square)?.side === game.position.turn ? square : null;
}

/** The title: who plays whom. */
function titleOf(session: Session): string {
  if (session.ai === null) return 'Checkers · Black (p1) and Red (p2) at one keyboard';
  const human = session.ai === 'black' ? 'red' : 'black';
  return `Checkers · you play ${sideName(human)} against the computer`;
}

/**
 * Play until `(exit)`, Ctrl-C or the end of the game; the terminal is restored before the
 * promise settles. The caller closes the session's searcher.
 *
 * @example
 * const end = await playFullScreenCheckers({ session, input: process.stdin, output: process.stdout, mode: '256' });
 */
export function playFullScreenCheckers({
  session,
  input,
  output,
  mode,
}: FullScreenCheckersOptions): Promise<FullScreenEnd> {
  const screen = enterFullScreen(input, output, 'checkers');
  let active = true;
  let editor = emptyEditor();
  let answer: readonly string[] = ['Type a command and Enter: (help) lists them.'];
  /** The game the computer is thinking about, or null. */
  let thinkingAbout: Game | null = null;
  /** Commands and the computer's moves, run one at a time in order. */
  let chain: Promise<void> = Promise.resolve();
  let finish: (how: FullScreenEnd) => void = () => {};

  const status = (): string => {
    const { game } = session;
    const over = announcement(game.status);
    if (over !== null) return over;
    if (thinkingAbout !== null) return `${sideWord(game.position.turn)} (computer) is thinking…`;
    const jumping = jumpingSquare(game);
    if (jumping !== null)
      return `${sideName(game.position.turn)}: keep jumping with ${formatCoords(jumping)}`;
    return `${sideName(game.position.turn)} to move · move ${Math.floor(game.moves.length / 2) + 1}`;
  };

  const redraw = (): void => {
    const { game } = session;
    const selected =
      typedSquare(game, editor.text) ?? session.selected ?? jumpingSquare(game) ?? null;
    const last = game.moves[game.moves.length - 1];
    const view: BoardView = {
      game,
      mode,
      title: titleOf(session),
      status: status(),
      score: `${piecesLine(game)}${last ? ` · last move ${moveToPdn(last)}` : ''}`,
      selected,
      targets: selected === null ? [] : stepsFrom(game, selected).map((step) => step.to),
      lastMove: game.jump?.path ?? last?.path ?? [],
      answer,
      input: { text: editor.text, cursor: editor.cursor },
    };
    const { cols, rows } = screen.size();
    screen.draw(renderBoardFrame(view, cols, rows));
  };

  /** After anything that may change the game: the end, or the computer's turn. */
  const afterChange = (): void => {
    if (announcement(session.game.status) !== null) {
      finish('over');
      return;
    }
    if (!session.computerToMove() || thinkingAbout === session.game) return;
    const game = session.game;
    thinkingAbout = game;
    session.searcher.best(game, session.limits).then(
      (found) => {
        chain = chain.then(() => {
          if (!active || session.game !== game) return;
          thinkingAbout = null;
          if (found === null) {
            answer = ['The computer cannot move: the search found no move (ERR_SEARCH)'];
            finish('failed');
            return;
          }
          answer = session.playComputer(found.move).lines;
          afterChange();
          if (active) redraw();
        });
      },
      (error: Error) => {
        if (!active || session.game !== game) return;
        answer = [`The computer cannot move: ${error.message} (ERR_SEARCH)`];
        finish('failed');
      },
    );
  };

  const runLine = async (line: string): Promise<void> => {
    const read = commandsOfLine(line);
    if ('refusal' in read) {
      answer = [read.refusal];
      return;
    }
    const lines: string[] = [];
    for (const expr of read.exprs) {
      if (!active) return;
      const tag =
        expr.kind === 'list' && expr.items[0]?.kind === 'symbol' ? expr.items[0].name : '';
      let result: Answer;
      // The computer's turn: a move or a hint is for the other side; the rest may go on.
      if ((tag === 'move' || tag === 'hint') && session.computerToMove()) {
        result = {
          lines: [
            `Wait: ${sideWord(session.game.position.turn)} is the computer's, and it is thinking.`,
          ],
          changed: false,
          exit: false,
        };
      } else result = await session.run(expr);
      if (result.exit) {
        finish('exit');
        return;
      }
      lines.push(...result.lines);
      if (result.changed) {
        // An undo or a load while the computer thought: its answer is for another game.
        if (thinkingAbout !== null && thinkingAbout !== session.game) thinkingAbout = null;
        afterChange();
      }
    }
    if (lines.length > 0) answer = lines;
  };

  return new Promise((resolve) => {
    finish = (how) => {
      if (!active) return;
      active = false;
      input.off('data', onData);
      output.off('resize', redraw);
      screen.restore();
      resolve(how);
    };
    const onData = (data: string | Buffer): void => {
      for (const key of decodeKeys(String(data))) {
        if (key.kind === 'interrupt') {
          finish('interrupt');
          return;
        }
        const edited = editLine(editor, key);
        editor = edited.editor;
        const entered = edited.entered;
        if (entered !== undefined) {
          chain = chain.then(async () => {
            if (!active) return;
            await runLine(entered);
            if (active) redraw();
          });
        }
      }
      redraw();
    };
    input.on('data', onData);
    output.on('resize', redraw);
    input.once('end', () => finish('exit'));
    afterChange();
    if (active) redraw();
  });
}
