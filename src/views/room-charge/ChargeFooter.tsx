// The bottom of a charge panel: the staff-name reminder, why the button is still disabled, the
// charge button itself (large, full width) and a failure.
import { Show } from 'solid-js';
import { t } from '../../words/i18n';
import type { ChargeState } from './charge-action';
import { StaffHint } from './StaffHint';

export function ChargeFooter(props: {
  action: ChargeState;
  label: string;
  ready: boolean;
  confirmed: boolean;
  onCharge: () => void;
}) {
  return (
    <>
      <StaffHint />
      <Show when={!props.confirmed}>
        <p class="desk-muted">{t('roomCharge.charge.confirmFirst')}</p>
      </Show>
      <button
        type="button"
        class="primary desk-wide rc-charge"
        disabled={props.action.busy() || !props.ready || !props.confirmed}
        onClick={() => props.onCharge()}
      >
        {props.action.busy() ? t('roomCharge.charge.busy') : props.label}
      </button>
      <Show when={props.action.problem()}>
        <p class="desk-notice" data-tone="error" role="alert">
          {props.action.problem()}
        </p>
      </Show>
    </>
  );
}
