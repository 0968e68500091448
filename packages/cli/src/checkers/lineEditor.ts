/**
 * The command line under the full-screen board: typing, Backspace, left and right, Ctrl-U to
 * clear, Enter to run, and the commands run before on up and down. Pure: each key gives a new
 * editor, and Enter also gives the line.
 */
import type { Key } from '../toolkit/keys.js';

/** The line being typed, where the cursor is, and what was entered before. */
export interface LineEditor {
  readonly text: string;
  /** The cursor, in characters (code points) from the start. */
  readonly cursor: number;
  /** The lines entered, oldest first. */
  readonly history: readonly string[];
  /** Which history line is shown (history.length: the line being typed). */
  readonly browsing: number;
  /** The line being typed, kept while browsing the history. */
  readonly draft: string;
}

/** The longest line the editor takes, as the line-by-line game. */
export const MAX_COMMAND_LENGTH = 1024;
const MAX_HISTORY = 100;

/** An empty editor. */
export const emptyEditor = (): LineEditor => ({
  text: '',
  cursor: 0,
  history: [],
  browsing: 0,
  draft: '',
});

const chars = (text: string): string[] => [...text];

const showing = (editor: LineEditor, text: string, browsing: number): LineEditor => ({
  ...editor,
  text,
  cursor: chars(text).length,
  browsing,
});

/**
 * The editor after one key, and the line entered when the key was Enter on a non-blank line.
 *
 * @example
 * let editor = emptyEditor();
 * for (const char of '(exit)') editor = editLine(editor, { kind: 'char', char }).editor;
 * editLine(editor, { kind: 'enter' }).entered // '(exit)'
 */
export function editLine(editor: LineEditor, key: Key): { editor: LineEditor; entered?: string } {
  const letters = chars(editor.text);
  switch (key.kind) {
    case 'char': {
      if (letters.length >= MAX_COMMAND_LENGTH) return { editor };
      letters.splice(editor.cursor, 0, key.char);
      return { editor: { ...editor, text: letters.join(''), cursor: editor.cursor + 1 } };
    }
    case 'backspace': {
      if (editor.cursor === 0) return { editor };
      letters.splice(editor.cursor - 1, 1);
      return { editor: { ...editor, text: letters.join(''), cursor: editor.cursor - 1 } };
    }
    case 'clearLine':
      return { editor: { ...editor, text: '', cursor: 0 } };
    case 'arrow': {
      if (key.direction === 'left')
        return { editor: { ...editor, cursor: Math.max(0, editor.cursor - 1) } };
      if (key.direction === 'right')
        return { editor: { ...editor, cursor: Math.min(letters.length, editor.cursor + 1) } };
      const { history, browsing } = editor;
      if (key.direction === 'up') {
        if (browsing === 0) return { editor };
        const draft = browsing === history.length ? editor.text : editor.draft;
        return { editor: { ...showing(editor, history[browsing - 1] ?? '', browsing - 1), draft } };
      }
      if (browsing >= history.length) return { editor };
      const next = browsing + 1;
      return {
        editor: showing(
          editor,
          next === history.length ? editor.draft : (history[next] ?? ''),
          next,
        ),
      };
    }
    case 'enter': {
      if (editor.text.trim() === '') return { editor };
      const entered = editor.text;
      const history =
        editor.history.at(-1) === entered
          ? editor.history
          : [...editor.history, entered].slice(-MAX_HISTORY);
      return {
        editor: { text: '', cursor: 0, history, browsing: history.length, draft: '' },
        entered,
      };
    }
    default:
      return { editor };
  }
}
