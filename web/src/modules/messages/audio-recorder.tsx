import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { toastError } from '../../lib/errors';
import { IconSend, IconX } from '../../ui/icons';
import { toast } from '../../ui/toasts/toast';
import { microphoneErrorText, microphoneUnavailable } from './microphone-errors';
import { type OpusPacket, oggOpusFile } from './ogg-opus';

/** Spec 1 §5, §9: recordings under 10000 bytes are discarded; bitrate 128 kbps. */
export const AUDIO_MIN_BYTES = 10_000;
const BITRATE = 128_000;
const RATE = 48_000;

type Recording = { stop: () => Promise<Blob>; cancel: () => void };

/** Ogg Opus from the microphone: MediaRecorder when it writes ogg (Firefox), else WebCodecs + our Ogg writer. */
async function startRecording(): Promise<Recording> {
  if (!navigator.mediaDevices?.getUserMedia) throw microphoneUnavailable(window.isSecureContext);
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const release = () => {
    for (const tr of stream.getTracks()) tr.stop();
  };
  const oggType = 'audio/ogg;codecs=opus';
  if (typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(oggType)) {
    const rec = new MediaRecorder(stream, { mimeType: oggType, audioBitsPerSecond: BITRATE });
    const parts: Blob[] = [];
    rec.ondataavailable = (e) => e.data.size && parts.push(e.data);
    rec.start(250);
    return {
      stop: () =>
        new Promise((resolve) => {
          rec.onstop = () => {
            release();
            resolve(new Blob(parts, { type: 'audio/ogg' }));
          };
          rec.stop();
        }),
      cancel: () => {
        rec.onstop = release;
        rec.stop();
      },
    };
  }
  if (typeof AudioEncoder === 'undefined') {
    release();
    throw microphoneUnavailable(true);
  }
  const packets: OpusPacket[] = [];
  const encoder = new AudioEncoder({
    output: (chunk) => {
      const data = new Uint8Array(chunk.byteLength);
      chunk.copyTo(data);
      packets.push({ data, samples: Math.round(((chunk.duration ?? 20_000) * RATE) / 1_000_000) });
    },
    error: (e) => console.error('[audio] encoder', e),
  });
  encoder.configure({ codec: 'opus', sampleRate: RATE, numberOfChannels: 1, bitrate: BITRATE });
  const ctx = new AudioContext({ sampleRate: RATE });
  const source = ctx.createMediaStreamSource(stream);
  // ScriptProcessor is deprecated but everywhere, and a voice note needs nothing finer
  const proc = ctx.createScriptProcessor(4096, 1, 1);
  let timestamp = 0;
  proc.onaudioprocess = (e) => {
    const pcm = new Float32Array(e.inputBuffer.getChannelData(0));
    encoder.encode(
      new AudioData({
        format: 'f32-planar',
        sampleRate: RATE,
        numberOfFrames: pcm.length,
        numberOfChannels: 1,
        timestamp,
        data: pcm,
      }),
    );
    timestamp += (pcm.length / RATE) * 1_000_000;
  };
  source.connect(proc);
  proc.connect(ctx.destination);
  const teardown = () => {
    proc.disconnect();
    source.disconnect();
    void ctx.close();
    release();
  };
  return {
    stop: async () => {
      teardown();
      await encoder.flush();
      encoder.close();
      return new Blob([oggOpusFile(packets)], { type: 'audio/ogg' });
    },
    cancel: () => {
      teardown();
      encoder.close();
    },
  };
}

const mmss = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

/**
 * Spec 1 §4 'Audio recording': idle → recording (with a timer) → sent or cancelled. Lazily loaded with the
 * encoder. Recordings under 10000 bytes are discarded.
 */
export default function AudioRecorder({
  onDone,
  onSend,
}: {
  onDone: () => void;
  onSend: (file: File) => Promise<void>;
}) {
  const { t } = useLingui();
  const rec = useRef<Recording | null>(null);
  const [seconds, setSeconds] = useState(0);
  const [busy, setBusy] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: starts once per mount
  useEffect(() => {
    let alive = true;
    startRecording().then(
      (r) => {
        if (alive) rec.current = r;
        else r.cancel();
      },
      (err) => {
        toastError(microphoneErrorText(err));
        onDone();
      },
    );
    const timer = setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => {
      alive = false;
      clearInterval(timer);
      rec.current?.cancel();
      rec.current = null;
    };
  }, []);

  const send = async () => {
    const r = rec.current;
    if (!r) return;
    rec.current = null;
    setBusy(true);
    try {
      const blob = await r.stop();
      if (blob.size < AUDIO_MIN_BYTES) {
        toast.info(t`Áudio muito curto: não foi enviado.`);
        onDone();
        return;
      }
      await onSend(new File([blob], `audio-${Date.now()}.ogg`, { type: 'audio/ogg' }));
      onDone();
    } catch (err) {
      toastError(err);
      onDone();
    }
  };

  return (
    <div className="flex flex-1 items-center gap-3 rounded-full bg-base-100 px-3 py-1.5" data-testid="audio-recorder">
      <button
        type="button"
        className="btn btn-ghost btn-sm btn-circle text-error"
        onClick={onDone}
        aria-label={t`Cancelar gravação`}
        data-testid="audio-cancel"
      >
        <IconX size={18} />
      </button>
      <span className="size-2.5 animate-pulse rounded-full bg-error" aria-hidden="true" />
      <span className="font-mono text-sm tabular-nums" data-testid="audio-timer">
        {mmss(seconds)}
      </span>
      <span className="text-sm text-base-content/60">
        <Trans>Gravando…</Trans>
      </span>
      <button
        type="button"
        className="btn btn-primary btn-sm btn-circle ml-auto"
        onClick={send}
        disabled={busy}
        aria-label={t`Enviar áudio`}
        data-testid="audio-send"
      >
        {busy ? <span className="loading loading-spinner loading-xs" /> : <IconSend size={16} />}
      </button>
    </div>
  );
}
