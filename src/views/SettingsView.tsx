// Route entry of the settings view (/settings): this till's gateway, names, staff, currency,
// language and theme. See settings/SettingsPage.tsx.
import { onMount } from 'solid-js';
import { noteFirstScreen } from '../features/catalogue';
import './desk.css';
import './settings/settings.css';
import { SettingsPage } from './settings/SettingsPage';

export default function SettingsView() {
  onMount(noteFirstScreen); // no catalogue to wait for: the background work may start
  return <SettingsPage />;
}
