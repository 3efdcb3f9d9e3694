// The manager-approval dialog: names what is to be approved, lets a manager pick their name and type
// their PIN (checked on the tablet, so it works offline), and hands the signed approval back to the
// view that asked (features/staff/approval-request.ts). Cancel leaves everything as it was. On a tablet the
// pad stands beside the words, so the dialog fits 1024×768 and an iPad's Safari without scrolling.
import { createSignal, For, Show } from 'solid-js';
import { openApproval, staffCards, tryManagerPin } from '../../features/staff';
import type { StaffCard } from '../../pms/staff-calls';
import { t } from '../../words/i18n';
import { Dialog } from '../common/Dialog';
import { PinPad } from './PinPad';
import { createPinFeedback } from './pin-feedback';
import './lock.css';

export default function ApprovalDialog() {
  const managers = () => staffCards().filter((card) => card.role === 'manager');
  const [chosen, setChosen] = createSignal<StaffCard | null>(null);
  const [checking, setChecking] = createSignal(false);
  const feedback = createPinFeedback(() => (chosen() ?? managers()[0])?.id);
  const close = () => {
    setChosen(null);
    feedback.clear();
    openApproval()?.finish(null);
  };
  const tryPin = async (pin: string) => {
    const manager = chosen() ?? managers()[0];
    if (!manager) return;
    setChecking(true);
    const outcome = await tryManagerPin(manager.id, pin);
    setChecking(false);
    if (outcome.ok) setChosen(null);
    else feedback.show(outcome);
  };
  return (
    <Dialog
      open={openApproval() !== null}
      title={t('lock.approval.title')}
      onClose={close}
      class="approval-dialog"
    >
      <div class="approval-layout" data-testid="approval-dialog">
        <Show when={managers().length > 0}>
          <PinPad
            length={(chosen() ?? managers()[0])?.pinLength ?? 4}
            disabled={checking() || feedback.waiting()}
            onPin={(pin) => void tryPin(pin)}
            label={t('lock.approval.title')}
          />
        </Show>
        <div class="approval-words">
          <p class="approval-what">{openApproval()?.what}</p>
          <Show
            when={managers().length > 0}
            fallback={<p class="lock-message">{t('lock.approval.noManager')}</p>}
          >
            <p class="lock-lead">{t('lock.approval.lead')}</p>
            <div class="approval-managers">
              <For each={managers()}>
                {(card) => (
                  <button
                    type="button"
                    class="lock-person"
                    aria-pressed={(chosen() ?? managers()[0])?.id === card.id}
                    onClick={() => setChosen(card)}
                  >
                    <span class="lock-person-name">{card.name}</span>
                  </button>
                )}
              </For>
            </div>
            <p class="lock-message" role="alert">
              {checking() ? t('lock.checking') : feedback.message()}
            </p>
          </Show>
          <button type="button" class="lock-back" onClick={close}>
            {t('lock.approval.cancel')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
