import { type TileEvent, tierOf } from '@twenty48/engine';

/** What a move sounds like: nothing, a slide, a merge, or a merge that reached a new tier. */
export type MoveSound = 'none' | 'slide' | 'merge' | 'tier';

/**
 * The sound a move's events call for. A merge that starts a new tier of three sizes (a new
 * colour among the colour-and-size tiles) sounds unlike a merge within a tier.
 *
 * @example
 * soundOfMove([{ type: 'merge', id: 9, value: 16, at: [0, 0], from: [1, 2] }]).sound // 'tier'
 */
export function soundOfMove(events: readonly TileEvent[]): { sound: MoveSound; level: number } {
  let level = 0;
  let sound: MoveSound = 'none';
  for (const event of events) {
    if (event.type === 'slide' && sound === 'none') sound = 'slide';
    if (event.type !== 'merge') continue;
    const tier = tierOf(event.value);
    level = Math.max(level, tier.level);
    if (tier.size === 0) sound = 'tier';
    else if (sound !== 'tier') sound = 'merge';
  }
  return { sound, level };
}

/** Plays short synthesised sounds with Web Audio; silent until enabled. */
export interface SoundBoard {
  play(events: readonly TileEvent[]): void;
  setEnabled(on: boolean): void;
}

/**
 * A sound board. The audio context is created at the first sound after the player turned
 * sound on (browsers only allow audio after a gesture), never before.
 *
 * @example
 * const sound = createSoundBoard(); sound.setEnabled(true); sound.play(result.events);
 */
export function createSoundBoard(): SoundBoard {
  let enabled = false;
  let context: AudioContext | null = null;

  const tone = (frequency: number, start: number, duration: number, type: OscillatorType) => {
    if (!context) return;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = type;
    oscillator.frequency.value = frequency;
    const t = context.currentTime + start;
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(0.15, t + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + duration);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(t);
    oscillator.stop(t + duration + 0.02);
  };

  return {
    setEnabled(on) {
      enabled = on;
      if (on && !context && typeof AudioContext !== 'undefined') context = new AudioContext();
      if (on) void context?.resume();
    },
    play(events) {
      if (!enabled || !context) return;
      const { sound, level } = soundOfMove(events);
      // A semitone per level keeps bigger merges audibly higher.
      const pitch = 220 * 2 ** (level / 12);
      if (sound === 'slide') tone(140, 0, 0.05, 'triangle');
      if (sound === 'merge') tone(pitch, 0.1, 0.12, 'sine');
      if (sound === 'tier') {
        tone(pitch, 0.1, 0.1, 'square');
        tone(pitch * 1.5, 0.18, 0.18, 'square');
      }
    },
  };
}
