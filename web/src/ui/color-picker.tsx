import { Trans, useLingui } from '@lingui/react/macro';
import { ColorChip } from './color-chip';

/** Ready colours offered after an entity's default one (tags, contact categories). */
const SWATCHES = ['#2ECC71', '#3498DB', '#E67E22', '#E74C3C', '#9B59B6', '#F1C40F', '#1ABC9C', '#34495E', '#EC407A'];

/**
 * A few ready colours (the default first) and any other one click away in the native colour picker. Emits
 * upper-case `#RRGGBB` from the picker.
 */
export function ColorSwatchPicker({
  defaultColor,
  value,
  onChange,
  swatchTestId,
  pickerTestId,
}: {
  defaultColor: string;
  value: string;
  onChange: (color: string) => void;
  swatchTestId?: string;
  pickerTestId?: string;
}) {
  const { t } = useLingui();
  return (
    <div className="flex flex-wrap items-center gap-2">
      {[defaultColor, ...SWATCHES].map((c) => (
        <button
          key={c}
          type="button"
          className={`size-7 rounded-full ring-offset-2 ring-offset-base-100 transition hover:scale-110 ${c.toUpperCase() === value.toUpperCase() ? 'ring-2 ring-base-content' : ''}`}
          style={{ backgroundColor: c }}
          onClick={() => onChange(c)}
          aria-label={c}
          title={c}
          data-testid={swatchTestId}
        />
      ))}
      <label className="btn btn-ghost btn-sm gap-2" title={t`Outra cor`}>
        <input
          type="color"
          className="size-6 cursor-pointer rounded border-0 bg-transparent p-0"
          value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
          onChange={(e) => onChange(e.target.value.toUpperCase())}
          data-testid={pickerTestId}
        />
        <Trans>Outra cor</Trans>
      </label>
    </div>
  );
}

/** "Pré-visualização:" and the name on its colour, as the lists will show it. */
export function ColorChipPreview({ color, text }: { color: string; text: string }) {
  return (
    <div className="flex items-center gap-2 text-sm text-base-content/70">
      <Trans>Pré-visualização:</Trans>
      <ColorChip color={color}>{text}</ColorChip>
    </div>
  );
}
