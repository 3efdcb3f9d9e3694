// Route entry of the settings view (/settings): this till's gateway, names, staff, currency,
// language and theme. See settings/SettingsPage.tsx.
import './desk.css';
import './settings/settings.css';
import { SettingsPage } from './settings/SettingsPage';

export default function SettingsView() {
  return <SettingsPage />;
}
