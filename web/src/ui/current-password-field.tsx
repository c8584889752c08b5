import { Trans } from '@lingui/react/macro';
import { FormField } from './form-field';
import { PasswordInput } from './password-input';

/**
 * "Senha atual", asked when users change their own password (the profile and the users screen's own row); its error
 * below carries `${testId}-error`.
 */
export function CurrentPasswordField({
  value,
  onChange,
  error,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  testId: string;
}) {
  return (
    <FormField
      label={<Trans>Senha atual</Trans>}
      error={error}
      errorTestId={`${testId}-error`}
      hint={<Trans>Ao trocar a sua senha, as suas outras sessões são encerradas.</Trans>}
    >
      <PasswordInput
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="current-password"
        invalid={!!error}
        data-testid={testId}
      />
    </FormField>
  );
}
