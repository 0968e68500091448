/**
 * The checkers page's edges: events become the model's inputs, its effects become the worker's
 * questions, timers, storage, announcements and downloads. All policy is in model.ts.
 */

import {
  ACF_BALLOTS,
  MAX_PDN_CHARS,
  opponent,
  type ReviewReply,
  type SearchReply,
  type Side,
} from '@twenty48/checkers';
import { decodeXlsx, encodeXlsx, MAX_XLSX_BYTES } from '@twenty48/checkers-xlsx';
import { isOneOf } from '@twenty48/common';
import { fitBoard } from '../board-fit.js';
import { byId, closestTo, inside } from '../dom.js';
import {
  bottomSide,
  type CheckersState,
  type Effect,
  type Input,
  LEVELS,
  MODES,
  movable,
  type Opening,
  SAVE_KEY,
  start,
  THEME_CHOICES,
  update,
} from './model.js';
import { cssVariables } from './palette.js';
import { buildBoard, render } from './render.js';
import { plyAt } from './reviewView.js';
import { playSound } from './sound.js';

for (const [name, colour] of cssVariables()) {
  document.documentElement.style.setProperty(name, colour);
}

const board = byId('board');
fitBoard(inside(document, '.board-area'), board);
buildBoard(board);

let worker: Worker | null = null;
const workerOf = (): Worker => {
  if (worker !== null) return worker;
  const started = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  started.onmessage = (event: MessageEvent<SearchReply | ReviewReply>) => {
    const reply = event.data;
    if ('kind' in reply) dispatch({ kind: 'review-reply', reply });
    else dispatch({ kind: 'reply', reply });
  };
  started.onerror = (event) => {
    worker = null;
    started.terminate();
    dispatch({ kind: 'worker-failed', message: event.message || 'the worker failed' });
  };
  worker = started;
  return started;
};

const readSave = (): string | null => {
  try {
    return localStorage.getItem(SAVE_KEY);
  } catch {
    return null;
  }
};

function download(blob: Blob, name: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function run(effect: Effect): void {
  switch (effect.kind) {
    case 'search':
    case 'review':
      workerOf().postMessage(effect.request);
      return;
    case 'wait':
      setTimeout(() => dispatch({ kind: 'tick' }), effect.ms);
      return;
    case 'save':
      try {
        localStorage.setItem(SAVE_KEY, effect.text);
      } catch {
        // Private mode or a full quota: the game goes on without resume.
      }
      return;
    case 'announce': {
      const announcer = byId('announcer');
      // The same words twice must still be read out: clear, then set.
      announcer.textContent = '';
      requestAnimationFrame(() => {
        announcer.textContent = effect.text;
      });
      return;
    }
    case 'download-xlsx':
      encodeXlsx(effect.sheet).then(
        (bytes) => download(new Blob([new Uint8Array(bytes)], { type: XLSX_TYPE }), effect.name),
        (error: unknown) => {
          byId('notice').textContent = `Cannot save: ${String(error)}`;
        },
      );
      return;
    case 'download-text':
      download(new Blob([effect.text], { type: 'application/x-pdn' }), effect.name);
      return;
    case 'sound':
      playSound(effect.sound);
      return;
  }
}

let state: CheckersState;
let keyboard = false;

function dispatch(input: Input): void {
  const next = update(state, input);
  state = next.state;
  render(state, keyboard);
  for (const effect of next.effects) run(effect);
}

{
  const started = start(readSave());
  state = started.state;
  render(state, false);
  for (const effect of started.effects) run(effect);
}

const squareOf = (target: EventTarget | null): number | null => {
  const button = closestTo(target, 'button[data-square]');
  return button === null ? null : Number(button.dataset.square);
};

board.addEventListener('click', (event) => {
  const square = squareOf(event.target);
  keyboard = event.detail === 0; // Enter or Space on a button clicks it with detail 0
  if (square !== null) dispatch({ kind: 'square', square });
});

// Dragging (mouse, pen or touch): down on a piece that may move selects it, so its targets
// show; past a few pixels a copy of it follows the pointer; let go on a target to move there,
// anywhere else to put it back (it stays selected).
const DRAG_START_PX = 6;
let drag: {
  readonly pointer: number;
  readonly from: number;
  readonly x: number;
  readonly y: number;
  ghost: HTMLElement | null;
} | null = null;

const buttonOf = (square: number): HTMLElement | null =>
  board.querySelector(`button[data-square="${square}"]`);

function endDrag(): void {
  if (drag === null) return;
  drag.ghost?.remove();
  buttonOf(drag.from)?.classList.remove('lifted');
  drag = null;
}

board.addEventListener('pointerdown', (event) => {
  endDrag();
  if (event.button !== 0) return;
  const from = squareOf(event.target);
  if (from === null || !movable(state.game).includes(from)) return;
  // Touch captures the pointer to the square it began on: release it, so the square under the
  // finger is found when it lifts.
  if (event.target instanceof Element) event.target.releasePointerCapture?.(event.pointerId);
  drag = { pointer: event.pointerId, from, x: event.clientX, y: event.clientY, ghost: null };
  if (state.selected !== from) {
    keyboard = false;
    dispatch({ kind: 'square', square: from });
  }
});

window.addEventListener('pointermove', (event) => {
  if (drag === null || event.pointerId !== drag.pointer) return;
  if (drag.ghost === null) {
    if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_START_PX) return;
    const piece = buttonOf(drag.from)?.querySelector<HTMLElement>('.piece');
    if (piece === null || piece === undefined || state.selected !== drag.from) return;
    const box = piece.getBoundingClientRect();
    const ghost = piece.cloneNode(true) as HTMLElement;
    ghost.classList.add('drag-ghost');
    ghost.dataset.testid = 'drag-ghost';
    ghost.setAttribute('aria-hidden', 'true');
    ghost.style.width = `${box.width}px`;
    ghost.style.height = `${box.height}px`;
    ghost.style.fontSize = getComputedStyle(piece).fontSize;
    document.body.append(ghost);
    buttonOf(drag.from)?.classList.add('lifted');
    drag.ghost = ghost;
  }
  drag.ghost.style.left = `${event.clientX}px`;
  drag.ghost.style.top = `${event.clientY}px`;
});

window.addEventListener('pointerup', (event) => {
  if (drag === null || event.pointerId !== drag.pointer) return;
  const { from, ghost } = drag;
  endDrag();
  if (ghost === null) return; // a press without a drag: the click that follows picks
  const to = squareOf(document.elementFromPoint(event.clientX, event.clientY));
  if (to !== null && to !== from && state.selected === from) {
    keyboard = false;
    dispatch({ kind: 'drag', from, to });
  }
});
window.addEventListener('pointercancel', endDrag);

const ARROWS: Record<string, 'up' | 'down' | 'left' | 'right'> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};
// With Black drawn at the bottom the board is turned round: up on the screen is down the rows.
const TURNED: Record<'up' | 'down' | 'left' | 'right', 'up' | 'down' | 'left' | 'right'> = {
  up: 'down',
  down: 'up',
  left: 'right',
  right: 'left',
};
board.addEventListener('keydown', (event) => {
  const key = ARROWS[event.key];
  const arrow = key !== undefined && bottomSide(state) === 'black' ? TURNED[key] : key;
  if (arrow !== undefined) {
    event.preventDefault();
    keyboard = true;
    dispatch({ kind: 'cursor', key: arrow });
  } else if (event.key === 'Escape') {
    keyboard = true;
    dispatch({ kind: 'cancel' });
  }
});

byId('new-game').addEventListener('click', () => dispatch({ kind: 'new', random: Math.random() }));
byId('rematch').addEventListener('click', () =>
  dispatch({ kind: 'rematch', random: Math.random() }),
);
byId('flip').addEventListener('click', () => dispatch({ kind: 'flip' }));
byId('confirm-yes').addEventListener('click', () => dispatch({ kind: 'confirm' }));
byId('confirm-no').addEventListener('click', () => dispatch({ kind: 'dismiss' }));
byId('nav-first').addEventListener('click', () => dispatch({ kind: 'view', to: 'first' }));
byId('nav-previous').addEventListener('click', () => dispatch({ kind: 'view', to: 'previous' }));
byId('nav-next').addEventListener('click', () => dispatch({ kind: 'view', to: 'next' }));
byId('nav-last').addEventListener('click', () => dispatch({ kind: 'view', to: 'last' }));
const moves = byId('moves');
moves.addEventListener('click', (event) => {
  const button = closestTo(event.target, 'button[data-ply]');
  if (button === null) return;
  dispatch({ kind: 'view', to: Number(button.dataset.ply) });
  // The list is drawn anew: keep the focus on the move shown, so the arrow keys go on from it.
  moves.querySelector<HTMLElement>('[aria-current="step"]')?.focus();
});
// The arrow keys step through the game from the move list and its buttons, Home and End jump.
const STEPS: Record<string, 'first' | 'previous' | 'next' | 'last'> = {
  ArrowLeft: 'previous',
  ArrowUp: 'previous',
  ArrowRight: 'next',
  ArrowDown: 'next',
  Home: 'first',
  End: 'last',
};
byId('moves')
  .closest('section')
  ?.addEventListener('keydown', (event) => {
    if (!(event instanceof KeyboardEvent)) return;
    const to = STEPS[event.key];
    if (to === undefined) return;
    event.preventDefault();
    dispatch({ kind: 'view', to });
    const current = moves.querySelector<HTMLElement>('[aria-current="step"]');
    (current ?? byId('nav-first')).focus();
  });
const toggle = (id: string, input: (on: boolean) => Input): void => {
  const box = byId<HTMLInputElement>(id);
  box.addEventListener('change', () => dispatch(input(box.checked)));
};
toggle('sound', (on) => ({ kind: 'sound', on }));
toggle('analysis', (on) => ({ kind: 'analysis', on }));
{
  const opening = byId<HTMLSelectElement>('opening');
  opening.append(
    ...ACF_BALLOTS.map((text, i) => new Option(`Ballot ${i + 1}: ${text}`, String(i))),
  );
  opening.addEventListener('change', () => {
    const value = opening.value;
    const chosen: Opening =
      value === 'random' ? 'random' : value === 'standard' ? 'standard' : Number(value);
    dispatch({ kind: 'opening', opening: chosen });
  });
}
const today = (): string => {
  const now = new Date();
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${now.getFullYear()}.${two(now.getMonth() + 1)}.${two(now.getDate())}`;
};
byId('result-pdn').addEventListener('click', () => dispatch({ kind: 'export-pdn', date: today() }));
byId('load-pdn').addEventListener('click', () => {
  const text = byId<HTMLTextAreaElement>('pdn-text').value;
  dispatch({ kind: 'pdn', name: 'the pasted PDN', text });
});
const pdnInput = byId<HTMLInputElement>('open-pdn');
pdnInput.addEventListener('change', async () => {
  const file = pdnInput.files?.[0];
  pdnInput.value = '';
  if (file === undefined) return;
  if (file.size > MAX_PDN_CHARS * 4) {
    dispatch({ kind: 'pdn', name: file.name, text: ' '.repeat(MAX_PDN_CHARS + 1) });
    return;
  }
  try {
    dispatch({ kind: 'pdn', name: file.name, text: await file.text() });
  } catch {
    dispatch({ kind: 'pdn', name: file.name, text: '' });
  }
});
byId('undo').addEventListener('click', () => dispatch({ kind: 'undo' }));
byId('review-game').addEventListener('click', () => dispatch({ kind: 'review' }));
byId('result-review').addEventListener('click', () => dispatch({ kind: 'review' }));
byId('review-cancel').addEventListener('click', () => dispatch({ kind: 'review-cancel' }));
byId('review-close').addEventListener('click', () => dispatch({ kind: 'review-close' }));
byId('review-marked').addEventListener('click', (event) => {
  const button = closestTo(event.target, 'button[data-ply]');
  if (button !== null) dispatch({ kind: 'view', to: Number(button.dataset.ply) });
});
{
  // A click on the graph goes to the position at that point of the game.
  const graph = byId('review-graph');
  graph.addEventListener('click', (event) => {
    const review = state.review;
    if (review === null) return;
    const box = graph.getBoundingClientRect();
    const fraction = (event.clientX - box.left) / Math.max(1, box.width);
    dispatch({ kind: 'view', to: plyAt(fraction, review.game.moves.length) });
  });
}
byId('hint').addEventListener('click', () => dispatch({ kind: 'hint' }));
byId('download-xlsx').addEventListener('click', () => dispatch({ kind: 'download-xlsx' }));
byId('export-pdn').addEventListener('click', () => dispatch({ kind: 'export-pdn', date: today() }));
const select = (id: string, read: (value: string) => Input | null): void => {
  const element = byId<HTMLSelectElement>(id);
  element.addEventListener('change', () => {
    const input = read(element.value);
    if (input !== null) dispatch(input);
  });
};
select('mode', (value) => (isOneOf(MODES, value) ? { kind: 'mode', mode: value } : null));
const SIDES: readonly Side[] = ['black', 'red'];
// The select names the player's side; the computer plays the other.
select('side', (value) =>
  isOneOf(SIDES, value) ? { kind: 'computer-side', side: opponent(value) } : null,
);
select('level', (value) => {
  const level = Number(value);
  return isOneOf(LEVELS, level) ? { kind: 'level', level } : null;
});
select('theme', (value) =>
  isOneOf(THEME_CHOICES, value) ? { kind: 'theme', theme: value } : null,
);

const fileInput = byId<HTMLInputElement>('open-xlsx');
fileInput.addEventListener('change', async () => {
  const file = fileInput.files?.[0];
  fileInput.value = '';
  if (file === undefined) return;
  if (file.size > MAX_XLSX_BYTES) {
    const message = `it is larger than ${MAX_XLSX_BYTES >> 20} MB`;
    dispatch({
      kind: 'opened',
      name: file.name,
      sheet: { ok: false, error: { code: 'ERR_TOO_LARGE', message } },
    });
    return;
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    const error = { code: 'ERR_READ', message: 'the browser could not read it' };
    dispatch({ kind: 'opened', name: file.name, sheet: { ok: false, error } });
    return;
  }
  dispatch({ kind: 'opened', name: file.name, sheet: await decodeXlsx(bytes) });
});

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('./sw.js').catch(() => {
      // Offline play is a bonus; the game works without it.
    });
  });
}
