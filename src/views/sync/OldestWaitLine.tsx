// The sync view's line on what the oldest waiting sale waits for (features/sync/oldest-wait.ts
// decides it): its reference and time, the step, and why: being sent, due, the next try after a
// failure, another sale's write to the same room, or the sale it refers to.
import type { OldestWait } from '../../features/sync';
import { clockTime } from '../../words/calendar';
import { type MessageKey, t } from '../../words/i18n';

const KEYS: Record<Exclude<OldestWait['why'], 'retry'>, MessageKey> = {
  sending: 'sync.oldest.sending',
  due: 'sync.oldest.due',
  'held-behind': 'sync.oldest.heldBehind',
  dependency: 'sync.oldest.dependency',
};

const RETRY_KEYS: Record<NonNullable<OldestWait['problem']>, MessageKey> = {
  unreachable: 'sync.oldest.retry.unreachable',
  server: 'sync.oldest.retry.server',
  other: 'sync.oldest.retry.other',
};

export function OldestWaitLine(props: { wait: OldestWait }) {
  const key = (): MessageKey => {
    const { why, problem } = props.wait;
    return why === 'retry' ? RETRY_KEYS[problem ?? 'other'] : KEYS[why];
  };
  return (
    <p class="desk-notice" data-tone="warn" data-testid="oldest-wait" data-why={props.wait.why}>
      {t(key(), {
        reference: props.wait.reference,
        time: clockTime(props.wait.createdAt),
        step: props.wait.step,
        at: clockTime(props.wait.at ?? 0),
        behind: props.wait.behind ?? '',
      })}
    </p>
  );
}
