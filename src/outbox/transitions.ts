// Every way an outbox intent changes state, as named transitions: one per row of the state table in
// docs/outbox.md (test/outbox/transitions.test.ts keeps the two in step). Each takes the intent as
// its caller read it, the time, and what happened, and answers the intent to write. Pure; the
// writers (sale-state.ts `changeIntent`, step-outcomes.ts `settle`) check the stored state first.
//
// Invariant: a transition refuses (throws) an intent in a state it does not leave.
import type { IntentError, IntentRecord, IntentState } from '../storage/records.ts';

/** One named state change: the states it leaves, the state it makes ('same': keeps the state). */
export interface Transition<Event = void> {
  (intent: IntentRecord, now: number, event: Event): IntentRecord;
  readonly transitionName: string;
  readonly from: readonly IntentState[];
  readonly to: IntentState | 'same';
}

/** A failure that makes the step wait: when it may go again, and what went wrong. */
export interface Backoff {
  notBefore: number;
  lastError: IntentError;
}

function transition<Event = void>(
  transitionName: string,
  from: readonly IntentState[],
  to: IntentState | 'same',
  change: (intent: IntentRecord, now: number, event: Event) => IntentRecord,
): Transition<Event> {
  const apply = (intent: IntentRecord, now: number, event: Event) => {
    if (!from.includes(intent.state)) {
      throw new Error(`${transitionName} does not leave the state ${intent.state} (step ${intent.step})`);
    }
    return change(intent, now, event);
  };
  return Object.assign(apply, { transitionName, from, to });
}

/** The step is applied: its result kept, its failures and last error cleared. */
function applied(intent: IntentRecord, now: number, result: unknown): IntentRecord {
  const { lastError: _cleared, ...rest } = intent;
  return { ...rest, state: 'done', result, failuresInRow: 0, settledAt: now };
}

/** The step waits after a transient failure: one more failure in a row, due again at `notBefore`. */
function backedOff(intent: IntentRecord, now: number, { notBefore, lastError }: Backoff): IntentRecord {
  return { ...intent, notBefore, failuresInRow: (intent.failuresInRow ?? 0) + 1, lastError, settledAt: now };
}

/** Written just before the request goes out: one more attempt, sent now (with the state read first). */
export const startSending = transition(
  'startSending',
  ['queued'],
  'in-flight',
  (intent, now, { before }: { before?: unknown }) => ({
    ...intent,
    state: 'in-flight',
    attempts: intent.attempts + 1,
    sentAt: now,
    ...(before === undefined ? {} : { before }),
  }),
);

/** The PMS answered 2xx. */
export const answered = transition(
  'answered',
  ['in-flight'],
  'done',
  (intent, now, event: { result: unknown }) => applied(intent, now, event.result),
);

/** A re-send was refused in a way that proves the earlier send was applied ("already closed"). */
export const appliedDespiteRefusal = transition(
  'appliedDespiteRefusal',
  ['in-flight'],
  'done',
  (intent, now, event: { result: unknown }) => applied(intent, now, event.result),
);

/** The PMS refused the step (4xx), or the client refused to build its request. */
export const refused = transition(
  'refused',
  ['queued', 'in-flight'],
  'failed',
  (intent, now, { lastError }: { lastError: IntentError }) => ({
    ...intent,
    state: 'failed',
    lastError,
    settledAt: now,
  }),
);

/** This version of the till does not know the step's intent (a newer one queued it). */
export const unknownIntent = transition(
  'unknownIntent',
  ['queued', 'in-flight', 'unsure'],
  'failed',
  (intent, now, { lastError }: { lastError: IntentError }) => ({
    ...intent,
    state: 'failed',
    lastError,
    settledAt: now,
  }),
);

/** 429: queued again, not before Retry-After. */
export const rateLimited = transition(
  'rateLimited',
  ['in-flight'],
  'queued',
  (intent, now, { notBefore, lastError }: Backoff) => ({
    ...intent,
    state: 'queued',
    notBefore,
    lastError,
    settledAt: now,
  }),
);

/** The gateway refused the tablet as unpaired: a copy of the write may have got through before. */
export const sentWhileUnpaired = transition('sentWhileUnpaired', ['in-flight'], 'unsure', (intent) => ({
  ...intent,
  state: 'unsure',
  uncertainSends: (intent.uncertainSends ?? 0) + 1,
}));

/** Network error, timeout, 5xx, or a 2xx that cannot be read: read back before any re-send. */
export const outcomeUnknown = transition(
  'outcomeUnknown',
  ['in-flight'],
  'unsure',
  (intent, now, event: Backoff) =>
    backedOff({ ...intent, state: 'unsure', uncertainSends: (intent.uncertainSends ?? 0) + 1 }, now, event),
);

/** Found in-flight at the start of a run: the sender died mid-request. Read back at once. */
export const interrupted = transition('interrupted', ['in-flight'], 'unsure', (intent, now) => ({
  ...intent,
  state: 'unsure',
  notBefore: 0,
  uncertainSends: (intent.uncertainSends ?? 0) + 1,
  lastError: { kind: 'interrupted', message: 'The till stopped while sending this step.', at: now },
}));

/** Reading back found the step applied. */
export const readBackApplied = transition(
  'readBackApplied',
  ['unsure'],
  'done',
  (intent, now, event: { result: unknown }) => applied(intent, now, event.result),
);

/** Reading back found the step not applied: send it again at once. */
export const readBackNotApplied = transition('readBackNotApplied', ['unsure'], 'queued', (intent, now) => {
  // the state read before the lost send is stale: the re-send reads it again (a room charge's item ids)
  const { before: _stale, ...unsent } = intent;
  return { ...unsent, state: 'queued', notBefore: 0, settledAt: now };
});

/** Reading back cannot tell, or the PMS refused the read: staff decide. */
export const cannotVerify = transition(
  'cannotVerify',
  ['unsure'],
  'unverifiable',
  (intent, now, { lastError }: { lastError: IntentError }) => ({
    ...intent,
    state: 'unverifiable',
    lastError,
    settledAt: now,
  }),
);

/** A read (before sending, or back) failed transiently: same state, more backoff. */
export const readFailed = transition('readFailed', ['queued', 'unsure'], 'same', backedOff);

/** Staff: send the refused step again as it is. */
export const retried = transition('retried', ['failed'], 'queued', (intent) => ({
  ...intent,
  state: 'queued',
  notBefore: 0,
  failuresInRow: 0,
}));

/**
 * Staff: correct and retry a refused step, or post an unverifiable one again. The step is replaced
 * by `newRevision` (written with it), which carries a new marker.
 */
export const supersede = transition('supersede', ['failed', 'unverifiable'], 'superseded', (intent, now) => ({
  ...intent,
  state: 'superseded',
  settledAt: now,
}));

/** Staff: the step reached the PMS (it was posted, or they did it there by hand). */
export const confirmedByStaff = transition(
  'confirmedByStaff',
  ['failed', 'unverifiable'],
  'done',
  (intent, now) => {
    const { lastError: _cleared, ...rest } = intent;
    return { ...rest, state: 'done', result: undefined, settledAt: now };
  },
);

/** Staff voided the sale before this step was applied. */
export const voided = transition('voided', ['queued', 'failed', 'unverifiable'], 'voided', (intent, now) => ({
  ...intent,
  state: 'voided',
  settledAt: now,
}));

/** Staff: "Sync now", or the browser came online: a waiting step is due now, its backoff reset. */
export const dueNow = transition('dueNow', ['queued', 'unsure'], 'same', (intent) => ({
  ...intent,
  notBefore: 0,
  failuresInRow: 0,
}));

/**
 * The PMS answered other steps in a run: a step still waiting out a long backoff is due by `by`;
 * its failures in a row stay counted, so if it fails again it backs off as before.
 */
export const broughtForward = transition(
  'broughtForward',
  ['queued', 'unsure'],
  'same',
  (intent, _now, { by }: { by: number }) => ({ ...intent, notBefore: Math.min(intent.notBefore, by) }),
);

/** Every transition, by name: the rows of the state table in docs/outbox.md. */
export const TRANSITIONS: Readonly<Record<string, Transition<never>>> = {
  startSending,
  answered,
  appliedDespiteRefusal,
  refused,
  unknownIntent,
  rateLimited,
  sentWhileUnpaired,
  outcomeUnknown,
  interrupted,
  readBackApplied,
  readBackNotApplied,
  cannotVerify,
  readFailed,
  retried,
  supersede,
  confirmedByStaff,
  voided,
  dueNow,
  broughtForward,
};

/** The new revision that replaces a superseded step: queued, unsent, with its own marker. */
export function newRevision(step: IntentRecord, payload: unknown, now: number): IntentRecord {
  const {
    seq: _new,
    lastError: _cleared,
    result: _none,
    before: _reread,
    sentAt: _unsent,
    settledAt: _open,
    ...rest
  } = step;
  return {
    ...rest,
    revision: step.revision + 1,
    payload,
    state: 'queued',
    attempts: 0,
    uncertainSends: 0,
    failuresInRow: 0,
    notBefore: 0,
    createdAt: now,
  };
}
