// One step of one sale against the PMS: send it, or, after an unknown outcome, read PMS state back
// first. Owns: the order "persist in-flight, then send, then persist the outcome", and which named
// transition (transitions.ts; the table in docs/outbox.md) each answer and failure class takes.
import { PmsRejectedError, PmsRequestError, PmsUnpairedError } from '../pms/errors.ts';
import { isOutcomeUnknown } from '../pms/outcome.ts';
import { changeSale, readIntentsIn, readSale } from '../storage/outbox-store.ts';
import type { IntentRecord } from '../storage/records.ts';
import { type OwnWrite, ReadBackLater } from './intents/definition.ts';
import {
  definitionOf,
  type IntentContext,
  type IntentDefinition,
  isLedgerStep,
  stepMarker,
} from './intents/index.ts';
import { withBatchedLedger } from './ledger-batch.ts';
import { placesInDoubt, waitsForAnother } from './one-doubt.ts';
import type { ReplayRun } from './replay-run.ts';
import { pmsForSale } from './sale-headers.ts';
import { changeIntent, nextMove, type SaleSnapshot } from './sale-state.ts';
import { announceOutboxChange, RECENT_SALE_MS } from './status.ts';
import {
  describeError,
  failure,
  notSent,
  type StartNext,
  type StepOutcome,
  settle,
  transientFailure,
  waitForPairing,
} from './step-outcomes.ts';
import {
  answered,
  appliedDespiteRefusal,
  cannotVerify,
  outcomeUnknown,
  rateLimited,
  readBackApplied,
  readBackNotApplied,
  readFailed,
  refused,
  startSending,
  unknownIntent,
} from './transitions.ts';

/** How soon a read-back that had to wait for another write is tried again (ms). */
const READ_BACK_AGAIN_MS = 1_000;

/**
 * Sends the step, or reads back first when its last send got no answer. A step already marked
 * in-flight by the write that settled the one before it (`StepOutcome.started`) is sent at once.
 * `dependenciesSynced`: whether the sales this one depends on are confirmed (for starting the next step).
 * `alone`: start no next step in the same write (the ledger's step of a sale recorded during a PMS
 * round, replay.ts: its PMS steps wait for their turn).
 */
export async function replayStep(
  run: ReplayRun,
  snapshot: SaleSnapshot,
  intent: IntentRecord,
  dependenciesSynced: boolean,
  alone = false,
): Promise<StepOutcome> {
  run.stepsTried += 1;
  const definition = definitionOf(intent.name);
  if (!definition) {
    const message = `This version of the till does not know the step "${intent.name}"; update the app.`;
    const lastError = failure(run, 'unknown-intent', message);
    await settle(run, { saleId: snapshot.sale.id, intent, transition: unknownIntent, event: { lastError } });
    return 'stop';
  }
  const context = await contextFor(snapshot, intent);
  const startNext: StartNext = (settled) => {
    if (run.stopping || run.ledgerOnly || alone) return undefined;
    const move = nextMove(settled, run.now(), dependenciesSynced);
    if (move.kind !== 'send') return undefined;
    const next = definitionOf(move.intent.name);
    // A step that reads PMS state before its first send is marked when that read is done; one to a
    // place (one-doubt.ts) when it has its place's turn and no other step there is in doubt.
    if (!next || next.place || (next.captureBefore && move.intent.before === undefined)) return undefined;
    return move.intent;
  };
  const steps = { definition, context, startNext };
  const place = definition.place?.(intent.payload as never);
  return run.places.run(place, async () => {
    if (intent.state === 'unsure') return reconcileStep(run, snapshot, intent, steps);
    // the places in doubt are read only for a step that has a place: a read per step (the ledger
    // round's hundreds) queued behind the drain's writes and slowed it several times over
    if (
      intent.state !== 'in-flight' &&
      place !== undefined &&
      waitsForAnother(intent, await placesInDoubt())
    ) {
      run.waitingForPlace.add(snapshot.sale.id);
      return 'stop';
    }
    return sendStep(run, snapshot, intent, steps);
  });
}

interface StepParts {
  definition: IntentDefinition;
  context: IntentContext;
  startNext: StartNext;
}

async function sendStep(
  run: ReplayRun,
  snapshot: SaleSnapshot,
  intent: IntentRecord,
  { definition, context, startNext }: StepParts,
): Promise<StepOutcome> {
  const saleId = snapshot.sale.id;
  const maybeAppliedBefore = (intent.uncertainSends ?? 0) > 0;
  let sending = intent;
  if (intent.state !== 'in-flight') {
    const readiness = await run.gatewayReadiness();
    if (readiness !== 'ready') return notSent(run, saleId, intent, readiness);
    let before = intent.before;
    if (definition.captureBefore && before === undefined) {
      try {
        before = await definition.captureBefore(pmsForSale(run.pms, snapshot.sale), intent.payload, context);
      } catch (error) {
        if (error instanceof PmsUnpairedError) return waitForPairing(run, error);
        if (error instanceof PmsRejectedError && error.status !== 429) {
          run.report.failed += 1;
          const message = `Reading the state before "${definition.title}" was refused: ${error.pmsMessage}`;
          const lastError = { ...describeError(run, error), message };
          await settle(run, { saleId, intent, transition: refused, event: { lastError } });
          return 'stop';
        }
        return transientFailure(run, { saleId, intent, transition: readFailed, error });
      }
    }
    sending = startSending(intent, run.now(), { before });
    const marked = await changeSale(saleId, (entry) =>
      changeIntent(entry, intent.seq!, startSending.from, () => sending, run.now()),
    );
    if (!marked) return 'stop';
    // being sent: news for staff elsewhere only for a sale made just now (its receipt may be up)
    const recent = snapshot.sale.createdAt > run.now() - RECENT_SALE_MS;
    announceOutboxChange({ type: 'replayed', saleId, ...(recent ? {} : { quiet: true }) });
  }
  const before = sending.before;
  try {
    const pms = withBatchedLedger(pmsForSale(run.pms, snapshot.sale), run.ledgerBatch);
    const result = await definition.send(pms, intent.payload, { ...context, before });
    run.report.sent += 1;
    if (!isLedgerStep(intent.name)) run.notePmsAnswer(true);
    const event = { result };
    return (await settle(run, { saleId, intent: sending, transition: answered, event, startNext })) ?? 'stop';
  } catch (error) {
    if (error instanceof PmsUnpairedError) return waitForPairing(run, error, { saleId, sending });
    if (error instanceof PmsRejectedError && error.status === 429) {
      const event = { notBefore: run.pause(error.retryAfterMs), lastError: describeError(run, error) };
      await settle(run, { saleId, intent: sending, transition: rateLimited, event });
      return 'stop';
    }
    if (error instanceof PmsRejectedError && maybeAppliedBefore) {
      const result = definition.appliedDespite?.(error, intent.payload as never, context);
      if (result !== undefined) {
        const note = `The PMS answered "${error.pmsMessage}": the earlier send was applied.`;
        const settled = await settle(run, {
          saleId,
          intent: sending,
          transition: appliedDespiteRefusal,
          event: { result },
          note,
        });
        return settled ?? 'stop';
      }
    }
    if (error instanceof PmsRejectedError || error instanceof PmsRequestError) {
      run.report.failed += 1;
      const event = { lastError: describeError(run, error) };
      await settle(run, { saleId, intent: sending, transition: refused, event });
      return 'stop';
    }
    if (isOutcomeUnknown(error, definition.operation)) {
      run.report.unsure += 1;
      return transientFailure(run, { saleId, intent: sending, transition: outcomeUnknown, error });
    }
    throw error;
  }
}

async function reconcileStep(
  run: ReplayRun,
  snapshot: SaleSnapshot,
  intent: IntentRecord,
  { definition, context, startNext }: StepParts,
): Promise<StepOutcome> {
  const saleId = snapshot.sale.id;
  let answer: Awaited<ReturnType<IntentDefinition['reconcile']>>;
  try {
    answer = await definition.reconcile(pmsForSale(run.pms, snapshot.sale), intent.payload, context);
  } catch (error) {
    if (error instanceof PmsUnpairedError) return waitForPairing(run, error);
    if (error instanceof ReadBackLater) {
      // nothing is wrong and nothing unreachable: the step stays unsure and is read back shortly
      const event = {
        notBefore: run.now() + READ_BACK_AGAIN_MS,
        lastError: { kind: 'network', message: error.message, at: run.now() },
      };
      await settle(run, { saleId, intent, transition: readFailed, event });
      return 'stop';
    }
    if (error instanceof PmsRejectedError && error.status !== 429) {
      const message = `Reading back whether "${definition.title}" reached the PMS was refused: ${error.pmsMessage}`;
      const lastError = failure(run, 'cannot-verify', message);
      await settle(run, { saleId, intent, transition: cannotVerify, event: { lastError } });
      return 'stop';
    }
    return transientFailure(run, { saleId, intent, transition: readFailed, error });
  }
  run.report.readBack += 1;
  run.notePmsAnswer(answer.outcome === 'applied');
  if (answer.outcome === 'applied') {
    const note = `Read back: ${answer.note}`;
    const event = { result: answer.result };
    return (
      (await settle(run, { saleId, intent, transition: readBackApplied, event, note, startNext })) ?? 'stop'
    );
  }
  if (answer.outcome === 'not-applied') {
    const note = `Read back: ${answer.note}`;
    return (await settle(run, { saleId, intent, transition: readBackNotApplied, note, startNext })) ?? 'stop';
  }
  const message = `${answer.reason} Check the PMS: was "${definition.title}" for sale ${snapshot.sale.reference} posted?`;
  const lastError = failure(run, 'cannot-verify', message);
  await settle(run, { saleId, intent, transition: cannotVerify, event: { lastError } });
  return 'stop';
}

async function contextFor(snapshot: SaleSnapshot, intent: IntentRecord): Promise<IntentContext> {
  const { sale } = snapshot;
  const dependencies = await Promise.all((sale.dependsOn ?? []).map((id) => readSale(id)));
  const results = [snapshot, ...dependencies].flatMap((entry) =>
    (entry?.intents ?? [])
      .filter((i) => i.state === 'done')
      .map((i) => ({ saleId: i.saleId, step: i.step, name: i.name, result: i.result })),
  );
  return {
    sale,
    step: intent.step,
    marker: stepMarker(sale.reference, intent.step, intent.revision),
    results,
    before: intent.before,
    ownWrites: async (name) =>
      (await readIntentsIn(name, ['done', 'in-flight', 'unsure']))
        .filter((other) => other.saleId !== sale.id)
        .map((other) => ({
          saleId: other.saleId,
          state: other.state as OwnWrite['state'],
          payload: other.payload,
          result: other.result,
        })),
  };
}
