import { useLingui } from '@lingui/react/macro';
import { toastError } from '../../lib/errors';
import { fetchPromptRef, searchPrompts } from './bots-api';
import { RemoteSelect } from './remote-select';

/**
 * The prompt (AI area's botConfig) of a setup of type prompt or a GPT command: the generic search selector over the
 * company's prompts (`GET /botConfigs?searchParam=…`, spec 2 §7), for who may list them: an admin with the plan's AI
 * integration; anyone else types the prompt's id. The server checks the id either way (404 'Prompt não encontrado').
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
  if (!canList) {
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
  return (
    <RemoteSelect
      value={value}
      onChange={onChange}
      search={searchPrompts}
      load={fetchPromptRef}
      placeholder={t`Buscar prompt`}
      onError={toastError}
      testId={testId}
    />
  );
}
