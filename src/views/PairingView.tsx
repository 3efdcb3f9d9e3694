// Route entry of the pairing screen (at /pair, and in the till's place while the tablet is not
// paired; the shell decides). See pairing/PairingPage.tsx.
import { onMount } from 'solid-js';
import { noteFirstScreen } from '../features/catalogue';
import './desk.css';
import './pairing/pairing.css';
import { PairingPage } from './pairing/PairingPage';

export default function PairingView() {
  onMount(noteFirstScreen); // no catalogue to wait for: the background work may start
  return <PairingPage />;
}
