// Charging a bill to a guest's room (placeholder).
import { Placeholder } from './Placeholder';

export default function RoomChargeView() {
  return <Placeholder titleKey="roomCharge.title" />;
}
