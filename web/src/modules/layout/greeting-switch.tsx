import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { toastError } from '../../lib/errors';
import { patchSessionUser } from '../auth/session';
import { useSessionUser } from '../auth/use-capabilities';
import { updateUser } from '../users/users-api';

/** Top-bar switch for the user's automatic greeting (`enableGreeting`, PUT /users/{id}); optimistic. */
export function GreetingSwitch() {
  const user = useSessionUser();
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  if (!user) return null;
  const toggle = async () => {
    const next = !user.enableGreeting;
    setBusy(true);
    patchSessionUser({ enableGreeting: next });
    try {
      await updateUser(user.id, { enableGreeting: next });
    } catch (err) {
      patchSessionUser({ enableGreeting: !next });
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <label
      className="flex cursor-pointer items-center gap-2 rounded-field px-1 py-1 text-sm hover:bg-white/10 sm:px-2"
      title={t`Enviar saudação automática ao aceitar tickets`}
    >
      <input
        type="checkbox"
        className="toggle toggle-sm border-primary-content/60 bg-primary-content/10 text-primary-content checked:border-accent checked:bg-accent checked:text-accent-content"
        checked={user.enableGreeting}
        onChange={toggle}
        disabled={busy}
        data-testid="greeting-switch"
      />
      <span className="hidden md:inline">{t`Saudação`}</span>
    </label>
  );
}
