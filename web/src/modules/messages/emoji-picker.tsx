import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { EMOJI_GROUPS } from './emoji-data';

/** Spec 1 §9: the emoji picker shows 16 per line. Loaded lazily with its data. */
export const EMOJIS_PER_LINE = 16;

export default function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const { t } = useLingui();
  const [group, setGroup] = useState(0);
  const labels: Record<string, string> = {
    smileys: t`Carinhas`,
    gestures: t`Gestos`,
    people: t`Pessoas`,
    hearts: t`Símbolos`,
    nature: t`Natureza`,
    food: t`Comida`,
    activities: t`Atividades`,
    travel: t`Viagem`,
    objects: t`Objetos`,
  };
  return (
    <div
      className="w-[min(100vw-1.5rem,30rem)] rounded-box border border-base-300 bg-base-100 p-2 shadow-xl"
      data-testid="emoji-picker"
    >
      <div className="mb-1 flex gap-1 overflow-x-auto pb-1">
        {EMOJI_GROUPS.map((gr, i) => (
          <button
            key={gr.key}
            type="button"
            className={`btn btn-xs ${i === group ? 'btn-primary' : 'btn-ghost'}`}
            onClick={() => setGroup(i)}
            title={labels[gr.key]}
          >
            {gr.emojis[0]}
          </button>
        ))}
      </div>
      <div
        className="grid max-h-56 overflow-y-auto"
        style={{ gridTemplateColumns: `repeat(${EMOJIS_PER_LINE}, minmax(0, 1fr))` }}
      >
        {EMOJI_GROUPS[group].emojis.map((e) => (
          <button
            key={e}
            type="button"
            className="flex aspect-square items-center justify-center rounded text-lg hover:bg-base-200"
            onClick={() => onPick(e)}
            data-testid="emoji-option"
          >
            {e}
          </button>
        ))}
      </div>
    </div>
  );
}
