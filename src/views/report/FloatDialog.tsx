// The opening-float dialog: shown at the first sign-in of this till's shift (features/report
// shift-open.ts) until staff record the cash the drawer starts with, or that it starts empty. Big
// touch targets; a wrong amount is said in words and nothing is recorded.
import { createSignal, Show } from 'solid-js';
import { createFloatNeeded, FloatNotApprovedError, openShiftWithFloat } from '../../features/report';
import { errorText } from '../../words/error-text';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';
import { Dialog } from '../common/Dialog';
import './report.css';

export default function FloatDialog() {
  const [needed, recheck] = createFloatNeeded();
  const [typed, setTyped] = createSignal('');
  const [problem, setProblem] = createSignal('');
  const [saving, setSaving] = createSignal(false);
  const open = async (text: string) => {
    setSaving(true);
    setProblem('');
    try {
      await openShiftWithFloat(text, (amount, limit) =>
        t('report.float.overLimit', { amount: formatCents(amount), limit: formatCents(limit) }),
      );
      setTyped('');
      recheck();
    } catch (error) {
      setProblem(error instanceof FloatNotApprovedError ? t('report.float.notApproved') : errorText(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <span
        hidden
        data-testid="float-state"
        data-state={needed.loading ? 'checking' : needed() ? 'asked' : 'open'}
      />
      <Dialog
        open={needed() === true}
        title={t('report.float.title')}
        onClose={() => {}}
        class="float-dialog"
      >
        <form
          class="float-form"
          data-testid="float-dialog"
          onSubmit={(event) => {
            event.preventDefault();
            void open(typed());
          }}
        >
          <p>{t('report.float.explain')}</p>
          <label class="float-label">
            {t('report.float.amount')}
            <input
              class="float-input"
              inputmode="decimal"
              autocomplete="off"
              value={typed()}
              onInput={(event) => setTyped(event.currentTarget.value)}
              aria-invalid={problem() !== ''}
            />
          </label>
          <Show when={problem()}>
            <p role="alert" class="float-problem">
              {problem()}
            </p>
          </Show>
          <div class="float-actions">
            <button type="button" class="float-button" disabled={saving()} onClick={() => void open('0')}>
              {t('report.float.none')}
            </button>
            <button
              type="submit"
              class="float-button float-primary"
              disabled={saving() || typed().trim() === ''}
            >
              {t('report.float.open')}
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
