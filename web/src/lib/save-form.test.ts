import { afterEach, beforeAll, beforeEach, describe, expect, mock, test } from 'bun:test';
import { i18n } from '@lingui/core';
import { z } from 'zod';
import { installLinguiMacros } from '../test/lingui-macro';

await installLinguiMacros();
const { ApiError } = await import('./errors');
const { validateAndSave } = await import('./save-form');
const { appStore } = await import('./store');
const { toastsAtom } = await import('../ui/toasts/toasts-atom');
const { dismissToast } = await import('../ui/toasts/toast');

const Schema = z.object({ name: z.string().min(3, 'Too Short!'), color: z.string().min(1, 'Required') });
type Field = 'name' | 'color';

beforeAll(() => i18n.loadAndActivate({ locale: 'pt-BR', messages: {} }));
const clearToasts = () => {
  for (const t of appStore.get(toastsAtom)) dismissToast(t.id);
};
beforeEach(clearToasts);
afterEach(clearToasts);
const toasts = () => appStore.get(toastsAtom).map((t) => ({ kind: t.kind, message: t.message }));

describe('validateAndSave', () => {
  test('invalid values: field errors, nothing saved, no toast', async () => {
    const save = mock(async () => 'saved');
    const onSaved = mock(() => {});
    let errors: Partial<Record<Field, string>> = {};
    await validateAndSave({
      schema: Schema,
      values: { name: 'ab', color: '' },
      setErrors: (e: Partial<Record<Field, string>>) => {
        errors = e;
      },
      save,
      savedMessage: 'Salvo',
      onSaved,
    });
    expect(Object.keys(errors).sort()).toEqual(['color', 'name']);
    expect(errors.name).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
    expect(toasts()).toEqual([]);
  });

  test('valid values: errors cleared, the parsed data saved, success toasted, onSaved gets the answer', async () => {
    const calls: Partial<Record<Field, string>>[] = [];
    const save = mock(async (d: { name: string; color: string }) => ({ id: 1, ...d }));
    const onSaved = mock((_: unknown) => {});
    await validateAndSave({
      schema: Schema,
      values: { name: 'Vendas', color: '#fff', extra: 1 },
      setErrors: (e: Partial<Record<Field, string>>) => calls.push(e),
      save,
      savedMessage: 'Salvo com sucesso',
      onSaved,
    });
    expect(calls).toEqual([{}]);
    expect(save).toHaveBeenCalledWith({ name: 'Vendas', color: '#fff' });
    expect(onSaved).toHaveBeenCalledWith({ id: 1, name: 'Vendas', color: '#fff' });
    expect(toasts()).toEqual([{ kind: 'success', message: 'Salvo com sucesso' }]);
  });

  test('a refused save: error toasted, shown on the field its code names, onSaved not called', async () => {
    const calls: Partial<Record<Field, string>>[] = [];
    const onSaved = mock(() => {});
    const refusal = new ApiError(409, { error: 'ERR_NAME_EXISTS', message: 'x' });
    await validateAndSave({
      schema: Schema,
      values: { name: 'Vendas', color: '#fff' },
      setErrors: (e: Partial<Record<Field, string>>) => calls.push(e),
      save: async () => {
        throw refusal;
      },
      savedMessage: 'Salvo',
      onSaved,
      fieldOfCode: { ERR_NAME_EXISTS: 'name' },
    });
    expect(calls).toHaveLength(2);
    expect(calls[1]?.name).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    expect(toasts()).toEqual([{ kind: 'error', message: calls[1]?.name as string }]);
  });

  test('a refusal with an unmapped code is only toasted', async () => {
    const calls: Partial<Record<Field, string>>[] = [];
    await validateAndSave({
      schema: Schema,
      values: { name: 'Vendas', color: '#fff' },
      setErrors: (e: Partial<Record<Field, string>>) => calls.push(e),
      save: async () => {
        throw new ApiError(500, { error: 'ERR_INTERNAL', message: 'boom' });
      },
      savedMessage: 'Salvo',
      onSaved: () => {},
      fieldOfCode: { ERR_NAME_EXISTS: 'name' },
    });
    expect(calls).toEqual([{}]);
    expect(toasts().map((t) => t.kind)).toEqual(['error']);
  });
});
