// A sale's steps in order, each with its state and, when something is wrong or pending, what
// happened and what happens next in staff words (words/sync-problems.ts).
import { For, Show } from 'solid-js';
import type { SaleWithSteps } from '../../features/sync';
import { t } from '../../words/i18n';
import { stepProblem, stepTitle } from '../../words/sync-problems';

export function StepList(props: { entry: SaleWithSteps }) {
  return (
    <ol class="sync-steps" aria-label={t('sync.sale.steps')}>
      <For each={props.entry.steps}>
        {(step) => (
          <li data-state={step.state}>
            <span class="sync-step-title">{stepTitle(step)}</span>{' '}
            <span class="desk-badge">{t(`sync.step.state.${step.state}`)}</span>
            <Show when={stepProblem(step, props.entry.sale, props.entry.heldBehind)}>
              {(problem) => <p class="sync-problem">{problem()}</p>}
            </Show>
          </li>
        )}
      </For>
    </ol>
  );
}
