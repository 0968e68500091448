import { describe, expect, it } from 'vitest';
import type { Key } from '../toolkit/keys.js';
import { editLine, emptyEditor, type LineEditor, MAX_COMMAND_LENGTH } from './lineEditor.js';

const type = (editor: LineEditor, text: string): LineEditor =>
  [...text].reduce((e, char) => editLine(e, { kind: 'char', char }).editor, editor);
const press = (editor: LineEditor, ...keys: Key[]): LineEditor =>
  keys.reduce((e, key) => editLine(e, key).editor, editor);
const arrow = (direction: 'up' | 'down' | 'left' | 'right'): Key => ({ kind: 'arrow', direction });

describe('the command line editor', () => {
  it('types, moves the cursor, deletes before it, clears with Ctrl-U', () => {
    let editor = type(emptyEditor(), '(sore)');
    editor = press(editor, arrow('left'), arrow('left'), arrow('left'), arrow('left'));
    editor = type(editor, 'c');
    expect(editor).toMatchObject({ text: '(score)', cursor: 3 });
    editor = press(editor, { kind: 'backspace' }, arrow('right'), arrow('right'), arrow('right'));
    expect(editor).toMatchObject({ text: '(sore)', cursor: 5 });
    expect(press(editor, { kind: 'clearLine' })).toMatchObject({ text: '', cursor: 0 });
    expect(press(emptyEditor(), { kind: 'backspace' }, arrow('left'))).toEqual(emptyEditor());
  });

  it('hands over the line on Enter, and nothing for a blank line', () => {
    const entered = editLine(type(emptyEditor(), '(exit)'), { kind: 'enter' });
    expect(entered.entered).toBe('(exit)');
    expect(entered.editor).toMatchObject({ text: '', cursor: 0, history: ['(exit)'] });
    expect(editLine(type(emptyEditor(), '   '), { kind: 'enter' }).entered).toBeUndefined();
  });

  it('walks the history with up and down, keeping the line being typed', () => {
    let editor = emptyEditor();
    for (const line of ['(score)', '(hint)', '(hint)']) {
      editor = editLine(type(editor, line), { kind: 'enter' }).editor;
    }
    expect(editor.history).toEqual(['(score)', '(hint)']);
    editor = type(editor, '(mo');
    editor = press(editor, arrow('up'));
    expect(editor).toMatchObject({ text: '(hint)', cursor: 6 });
    editor = press(editor, arrow('up'), arrow('up'));
    expect(editor.text).toBe('(score)');
    editor = press(editor, arrow('down'));
    expect(editor.text).toBe('(hint)');
    editor = press(editor, arrow('down'), arrow('down'));
    expect(editor).toMatchObject({ text: '(mo', cursor: 3 });
  });

  it('takes no more than the line cap', () => {
    const editor = type(emptyEditor(), 'x'.repeat(MAX_COMMAND_LENGTH + 10));
    expect(editor.text).toHaveLength(MAX_COMMAND_LENGTH);
  });
});
