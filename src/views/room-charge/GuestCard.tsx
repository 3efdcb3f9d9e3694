// The chosen stay: room, guest, dates and status, with a way back to the guest list.

import type { RoomReservation } from '../../pms/wire';
import { guestDisplayName } from '../../rules/guest-rules';
import { t } from '../../words/i18n';
import { StayLine } from './StayLine';

export function GuestCard(props: { stay: RoomReservation; onOther: () => void }) {
  return (
    <section class="desk-panel rc-guest" aria-label={guestDisplayName(props.stay)}>
      <StayLine stay={props.stay} headingLevel={2} />
      <div class="desk-actions">
        <button type="button" onClick={() => props.onOther()}>
          {t('roomCharge.other')}
        </button>
      </div>
    </section>
  );
}
