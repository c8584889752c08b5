/**
 * The new-message chime, synthesised with Web Audio (no sound file to load): two short sine notes at the user's
 * notification volume (0–100). Silent at 0, or where the browser has no Web Audio or has not allowed sound yet
 * (autoplay rules: the page needs one user gesture first — a login is one).
 */
type AudioContextCtor = new () => AudioContext;
let ctx: AudioContext | null = null;

export function playNotificationSound(volume: number): void {
  if (!(volume > 0)) return;
  const Ctor = (window.AudioContext ??
    (window as unknown as { webkitAudioContext?: AudioContextCtor }).webkitAudioContext) as
    | AudioContextCtor
    | undefined;
  if (!Ctor) return;
  try {
    ctx ??= new Ctor();
    if (ctx.state === 'suspended') void ctx.resume().catch(() => {});
    const t0 = ctx.currentTime;
    const gain = ctx.createGain();
    // perceived loudness: the square of the slider, at most half of full scale
    const peak = Math.max(0.0002, (Math.min(volume, 100) / 100) ** 2 * 0.5);
    gain.gain.setValueAtTime(0.0001, t0);
    gain.gain.exponentialRampToValueAtTime(peak, t0 + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + 0.4);
    gain.connect(ctx.destination);
    for (const [freq, start, stop] of [
      [880, 0, 0.16],
      [1318.5, 0.12, 0.4],
    ] as const) {
      const osc = ctx.createOscillator();
      osc.type = 'sine';
      osc.frequency.setValueAtTime(freq, t0 + start);
      osc.connect(gain);
      osc.start(t0 + start);
      osc.stop(t0 + stop);
    }
  } catch {
    // a notification sound is never worth an error
  }
}
