import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { IdSelect } from '../../ui/id-select';
import { fetchPromptOptions } from './bots-api';

/**
 * The prompt (AI area's botConfig) of a setup of type prompt or a GPT command: a selector of the company's prompts
 * (`GET /botConfigs`, for who may list them: an admin with the plan's AI integration); anyone else, or a failed
 * list, types the prompt's id. The server checks the id either way (404 'Prompt não encontrado').
 */
export function PromptSelect({
  value,
  onChange,
  canList,
  testId,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  canList: boolean;
  testId: string;
}) {
  const { t } = useLingui();
  const [options, setOptions] = useState<{ id: number; name: string }[] | null>(null);
  useEffect(() => {
    if (!canList) return;
    let alive = true;
    fetchPromptOptions()
      .then((o) => alive && setOptions(o))
      .catch(() => alive && setOptions(null));
    return () => {
      alive = false;
    };
  }, [canList]);
  if (!options) {
    return (
      <input
        className="input w-full"
        inputMode="numeric"
        value={value ?? ''}
        onChange={(e) => onChange(/^\d+$/.test(e.target.value) ? Number(e.target.value) : null)}
        data-testid={testId}
      />
    );
  }
  const all =
    value !== null && !options.some((o) => o.id === value) ? [...options, { id: value, name: `#${value}` }] : options;
  return (
    <IdSelect value={value} onChange={onChange} options={all} emptyLabel={t`Selecione um prompt`} testId={testId} />
  );
}
