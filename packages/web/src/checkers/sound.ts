/**
 * The page's sounds, made with Web Audio (no files): a click for a move, a knock for a capture,
 * a rising pair for a crowning, a chord at the end. The model says which; this edge plays it.
 * The last one played is written on the page (`data-sound`) so a test can see the switch work.
 */
import type { SoundName } from './model.js';

let context: AudioContext | null = null;

/** Each sound as notes: frequency (Hz), start and length (s), wave. */
const NOTES: Record<SoundName, readonly [number, number, number, OscillatorType][]> = {
  move: [[660, 0, 0.06, 'triangle']],
  capture: [
    [220, 0, 0.09, 'square'],
    [160, 0.04, 0.09, 'square'],
  ],
  crown: [
    [523, 0, 0.12, 'sine'],
    [784, 0.1, 0.18, 'sine'],
  ],
  end: [
    [392, 0, 0.5, 'sine'],
    [494, 0, 0.5, 'sine'],
    [587, 0, 0.5, 'sine'],
  ],
};

/** Plays `name`; a browser without Web Audio stays silent. */
export function playSound(name: SoundName): void {
  document.documentElement.dataset.sound = name;
  const count = Number(document.documentElement.dataset.sounds ?? '0') + 1;
  document.documentElement.dataset.sounds = String(count);
  try {
    context ??= new AudioContext();
    const at = context.currentTime;
    for (const [frequency, start, length, wave] of NOTES[name]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = wave;
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.12, at + start);
      gain.gain.exponentialRampToValueAtTime(0.001, at + start + length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at + start);
      oscillator.stop(at + start + length);
    }
  } catch {
    // No Web Audio (or it refused to start): the game goes on in silence.
  }
}
