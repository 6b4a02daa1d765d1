/** The sound of a scan result (Web Audio, no files): one short beep, a low buzz, a rising three-tone. */
export type ScanSound = 'ok' | 'wrong' | 'done';

const tones: Record<ScanSound, { type: OscillatorType; notes: [frequency: number, seconds: number][] }> = {
  ok: { type: 'sine', notes: [[1046, 0.12]] },
  wrong: { type: 'square', notes: [[196, 0.18], [165, 0.25]] },
  done: { type: 'sine', notes: [[784, 0.1], [988, 0.1], [1318, 0.22]] },
};

let context: AudioContext | null = null;

/** Plays the sound; silently nothing where the browser has no Web Audio (or blocks it). */
export function playScanSound(sound: ScanSound): void {
  const Context = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!Context) return;
  try {
    context ??= new Context();
    if (context.state === 'suspended') void context.resume();
    const { type, notes } = tones[sound];
    let at = context.currentTime;
    for (const [frequency, seconds] of notes) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = type;
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.2, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + seconds);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + seconds);
      at += seconds;
    }
  } catch {
    // No sound is no reason to stop scanning: the colour and the text say the same.
  }
}
