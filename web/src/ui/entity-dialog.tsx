import { Trans } from '@lingui/react/macro';
import { type Dispatch, type ReactNode, type SetStateAction, useState } from 'react';
import { ColorSwatchPicker } from './color-picker';
import { FormDialog, NameField } from './form-dialog';
import { FormField } from './form-field';

/** The name and the field errors of an EntityDialog (`K`: the item's other fields). */
export type EntityForm<K extends string> = {
  name: string;
  setName: (name: string) => void;
  errors: Partial<Record<K | 'name', string>>;
  setErrors: Dispatch<SetStateAction<Partial<Record<K | 'name', string>>>>;
};

/** The state of an EntityDialog: its name (`initialName` at first) and its field errors (none at first). */
export function useEntityForm<K extends string>(initialName: string): EntityForm<K> {
  const [name, setName] = useState(initialName);
  const [errors, setErrors] = useState<Partial<Record<K | 'name', string>>>({});
  return { name, setName, errors, setErrors };
}

/**
 * The add/edit dialog of a named item (tag, contact category, queue): a FormDialog whose first field is Nome, then
 * the item's own fields (`children`). Typing a name clears its error. Test ids come from `testIdPrefix` (p):
 * `p-dialog`, `p-save`, `p-name`, `p-name-error`.
 */
export function EntityDialog<K extends string>({
  form,
  open,
  title,
  testIdPrefix,
  onClose,
  onSubmit,
  children,
}: {
  form: EntityForm<K>;
  open?: boolean;
  title: ReactNode;
  testIdPrefix: string;
  onClose: () => void;
  onSubmit: () => unknown | Promise<unknown>;
  children: ReactNode;
}) {
  return (
    <FormDialog
      open={open}
      title={title}
      testId={`${testIdPrefix}-dialog`}
      saveTestId={`${testIdPrefix}-save`}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <NameField
        value={form.name}
        onChange={(v) => {
          form.setName(v);
          form.setErrors((x) => ({ ...x, name: undefined }));
        }}
        error={form.errors.name}
        testId={`${testIdPrefix}-name`}
        errorTestId={`${testIdPrefix}-name-error`}
      />
      {children}
    </FormDialog>
  );
}

/** The "Cor" field of the tag and contact-category dialogs: ready colours (the item's default first) or any other. */
export function SwatchColorField({
  defaultColor,
  value,
  onChange,
  error,
  swatchTestId,
  pickerTestId,
}: {
  defaultColor: string;
  value: string;
  onChange: (color: string) => void;
  error?: string;
  swatchTestId?: string;
  pickerTestId?: string;
}) {
  return (
    <FormField label={<Trans>Cor</Trans>} error={error}>
      <ColorSwatchPicker
        defaultColor={defaultColor}
        value={value}
        onChange={onChange}
        swatchTestId={swatchTestId}
        pickerTestId={pickerTestId}
      />
    </FormField>
  );
}
