// One step of one sale against the PMS: send it, or, after an unknown outcome, read PMS state back
// first. Owns: the order "persist in-flight, then send, then persist the outcome", and turning each
// failure class into the next state:
//
//   success                         -> done (+ result)
//   4xx (PmsRejectedError)          -> failed: sale needs attention, later steps held
//   429 (with Retry-After)          -> queued again after Retry-After; the whole run pauses
//   gateway 401: tablet not paired  -> a read: as it was; a sent write: unsure (the browser may have
//                                      resent it silently after a first copy got through); the run
//                                      stops and all sending waits for pairing
//   request refused before sending  -> failed (the till built a bad request)
//   network / timeout / 5xx / odd   -> unsure: read back before any re-send, with backoff
//   read-back: applied              -> done (+ result from the read)
//   read-back: not applied          -> queued, sent again at once
//   read-back: cannot verify        -> unverifiable: needs attention, staff decide
import { isOutcomeUnknown, PmsRejectedError, PmsRequestError, PmsUnpairedError } from '../pms/errors.ts';
import { changeSale, readSale } from '../storage/outbox-store.ts';
import type { IntentRecord } from '../storage/records.ts';
import { definitionOf, type IntentContext, type IntentDefinition, stepMarker } from './intents/index.ts';
import type { ReplayRun } from './replay-run.ts';
import { announceOutboxChange } from './status.ts';
import {
  describeError,
  done,
  failure,
  type StartNext,
  type StepOutcome,
  settle,
  transientFailure,
  waitForPairing,
} from './step-outcomes.ts';
import { changeIntent, nextMove, type SaleSnapshot, startSending } from './transitions.ts';

/**
 * Sends the step, or reads back first when its last send got no answer. A step already marked
 * in-flight by the write that settled the one before it (`StepOutcome.started`) is sent at once.
 * `dependenciesSynced`: whether the sales this one depends on are confirmed (for starting the next step).
 */
export async function replayStep(
  run: ReplayRun,
  snapshot: SaleSnapshot,
  intent: IntentRecord,
  dependenciesSynced: boolean,
): Promise<StepOutcome> {
  const definition = definitionOf(intent.name);
  if (!definition) {
    const message = `This version of the till does not know the step "${intent.name}"; update the app.`;
    await settle(run, snapshot.sale.id, intent, {
      state: 'failed',
      lastError: failure(run, 'unknown-intent', message),
    });
    return 'stop';
  }
  const context = await contextFor(snapshot, intent);
  const startNext: StartNext = (settled) => {
    if (run.stopping) return undefined;
    const move = nextMove(settled, run.now(), dependenciesSynced);
    if (move.kind !== 'send') return undefined;
    const next = definitionOf(move.intent.name);
    // A step that reads PMS state before its first send is marked when that read is done.
    if (!next || (next.captureBefore && move.intent.before === undefined)) return undefined;
    return move.intent;
  };
  const steps = { definition, context, startNext };
  return intent.state === 'unsure'
    ? reconcileStep(run, snapshot, intent, steps)
    : sendStep(run, snapshot, intent, steps);
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
    let before = intent.before;
    if (definition.captureBefore && before === undefined) {
      try {
        before = await definition.captureBefore(run.pms, intent.payload, context);
      } catch (error) {
        if (error instanceof PmsUnpairedError) return waitForPairing(run, saleId, error);
        if (error instanceof PmsRejectedError && error.status !== 429) {
          run.report.failed += 1;
          const message = `Reading the state before "${definition.title}" was refused: ${error.pmsMessage}`;
          await settle(run, saleId, intent, {
            state: 'failed',
            lastError: { ...describeError(run, error), message },
          });
          return 'stop';
        }
        return transientFailure(run, saleId, intent, error, ['queued']);
      }
    }
    sending = startSending(intent, run.now(), before);
    const marked = await changeSale(saleId, (entry) =>
      changeIntent(entry, intent.seq!, ['queued'], () => sending, run.now()),
    );
    if (!marked) return 'stop';
    announceOutboxChange({ type: 'replayed', saleId });
  }
  const before = sending.before;
  try {
    const result = await definition.send(run.pms, intent.payload, { ...context, before });
    run.report.sent += 1;
    return done(run, saleId, sending, result, undefined, startNext);
  } catch (error) {
    if (error instanceof PmsUnpairedError) {
      return waitForPairing(run, saleId, error, { sending, original: intent });
    }
    if (error instanceof PmsRejectedError && error.status === 429) {
      const until = run.pause(error.retryAfterMs);
      await settle(run, saleId, sending, {
        state: 'queued',
        notBefore: until,
        lastError: describeError(run, error),
      });
      return 'stop';
    }
    if (error instanceof PmsRejectedError && maybeAppliedBefore) {
      const result = definition.appliedDespite?.(error, intent.payload as never, context);
      if (result !== undefined) {
        return done(
          run,
          saleId,
          sending,
          result,
          `The PMS answered "${error.pmsMessage}": the earlier send was applied.`,
        );
      }
    }
    if (error instanceof PmsRejectedError || error instanceof PmsRequestError) {
      run.report.failed += 1;
      await settle(run, saleId, sending, { state: 'failed', lastError: describeError(run, error) });
      return 'stop';
    }
    if (isOutcomeUnknown(error, definition.operation)) {
      run.report.unsure += 1;
      const uncertain = {
        ...sending,
        state: 'unsure' as const,
        uncertainSends: (sending.uncertainSends ?? 0) + 1,
      };
      return transientFailure(run, saleId, uncertain, error, ['in-flight']);
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
    answer = await definition.reconcile(run.pms, intent.payload, context);
  } catch (error) {
    if (error instanceof PmsUnpairedError) return waitForPairing(run, saleId, error);
    if (error instanceof PmsRejectedError && error.status !== 429) {
      const message = `Reading back whether "${definition.title}" reached the PMS was refused: ${error.pmsMessage}`;
      await settle(run, saleId, intent, {
        state: 'unverifiable',
        lastError: failure(run, 'cannot-verify', message),
      });
      return 'stop';
    }
    return transientFailure(run, saleId, intent, error, ['unsure']);
  }
  run.report.readBack += 1;
  if (answer.outcome === 'applied')
    return done(run, saleId, intent, answer.result, `Read back: ${answer.note}`, startNext);
  if (answer.outcome === 'not-applied') {
    const note = `Read back: ${answer.note}`;
    const patch = { state: 'queued', notBefore: 0 } as const;
    return (await settle(run, saleId, intent, patch, note, undefined, startNext)) ?? 'stop';
  }
  const message = `${answer.reason} Check the PMS: was "${definition.title}" for sale ${snapshot.sale.reference} posted?`;
  await settle(run, saleId, intent, {
    state: 'unverifiable',
    lastError: failure(run, 'cannot-verify', message),
  });
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
  };
}
