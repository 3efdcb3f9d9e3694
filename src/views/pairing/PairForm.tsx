// The pairing form: a big code field (the code names the tablet) and Pair, through the router
// action `pairAction`. Owns putting each refusal in words by its `code`, and submitting a code given
// in the address at once (`/pair?code=…`: scanning the QR code pairs in one step). Once paired, the
// till opens on its home screen (features/pairing/pairing.ts has already started sending what waited).
import { useAction, useNavigate, useSubmission } from '@solidjs/router';
import { createSignal, onMount } from 'solid-js';
import { PairingCodeFormatError, TillServerError } from '../../features/pairing';
import { type MessageKey, t } from '../../words/i18n';
import { pairAction } from './data';

/** Server codes with a sentence of their own; any other is "unexpected". */
const KNOWN_CODES = ['pairing_code_invalid', 'pairing_code_expired', 'pairing_code_used', 'unreachable'];

export function PairForm(props: { code?: string | undefined }) {
  const pair = useAction(pairAction);
  const submission = useSubmission(pairAction);
  const navigate = useNavigate();
  const [code, setCode] = createSignal(props.code ?? '');
  const submit = async () => {
    try {
      await pair({ code: code() });
      navigate('/', { replace: true });
    } catch {
      // shown from submission.error below
    }
  };
  onMount(() => {
    if (props.code) void submit();
  });
  return (
    <form
      class="pair-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label class="desk-field pair-code">
        <span>{t('pairing.code')}</span>
        <input
          name="code"
          value={code()}
          onInput={(event) => setCode(event.currentTarget.value)}
          autocomplete="off"
          autocapitalize="characters"
          spellcheck={false}
          maxlength={12}
          required
        />
        <small>{t('pairing.codeHint')}</small>
      </label>
      <p class="form-error" role="alert" data-testid="pair-error">
        {submission.error ? problemText(submission.error) : ''}
      </p>
      <button type="submit" class="primary pair-button" disabled={submission.pending}>
        {submission.pending ? t('pairing.pairing') : t('pairing.pair')}
      </button>
    </form>
  );
}

/** One sentence for a failed pairing, chosen by the error's code (never its message). */
function problemText(error: unknown): string {
  if (error instanceof PairingCodeFormatError) return t('pairing.error.code_format');
  if (!(error instanceof TillServerError)) return t('pairing.error.unexpected', { status: '–' });
  if (error.code === 'too_many_attempts') {
    return t('pairing.error.too_many_attempts', {
      minutes: Math.max(1, Math.ceil((error.retryAfterMs ?? 0) / 60_000)),
    });
  }
  if (KNOWN_CODES.includes(error.code)) return t(`pairing.error.${error.code}` as MessageKey);
  return t('pairing.error.unexpected', { status: error.status ?? '–' });
}
