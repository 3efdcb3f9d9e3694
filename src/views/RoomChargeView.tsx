// Route entry of the room-charge view (/room-charge): charging the ticket or a minibar count to a
// guest's room, the guest's open items, and taking a charge back. See room-charge/RoomCharge.tsx.
import { onMount } from 'solid-js';
import { noteFirstScreen } from '../features/catalogue';
import './desk.css';
import './room-charge/room-charge.css';
import { RoomCharge } from './room-charge/RoomCharge';

export default function RoomChargeView() {
  onMount(noteFirstScreen); // no catalogue to wait for: the background work may start
  return <RoomCharge />;
}
