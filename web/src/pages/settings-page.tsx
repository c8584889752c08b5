import { SettingsScreen } from '../modules/settings/settings-screen';

/** /Settings (spec 1 §2): administrators with the settings entry (manageSettings). */
export default function SettingsPage() {
  return <SettingsScreen />;
}
