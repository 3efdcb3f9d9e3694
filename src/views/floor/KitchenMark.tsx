// What the kitchen says of a table, on its floor button (issue 31, item 6): how many of its cards are
// cooking, and the courses the kitchen bumped done ("Ready: Starters"). Shows nothing for a table the
// kitchen has nothing of.
import { Show } from 'solid-js';
import type { ShownTable } from '../../features/tables';
import { DEFAULT_COURSES } from '../../shared/table-ops';
import { t } from '../../words/i18n';

export function KitchenMark(props: {
  kitchen: ShownTable['kitchen'];
  courses?: readonly { name: string }[];
}) {
  const courseName = (course: number) => (props.courses ?? DEFAULT_COURSES)[course]?.name ?? String(course);
  return (
    <>
      <Show when={props.kitchen.cooking > 0}>
        <span class="floor-cooking" data-cooking={props.kitchen.cooking}>
          {t('kitchen.floor.cooking', { n: props.kitchen.cooking })}
        </span>
      </Show>
      <Show when={props.kitchen.ready > 0}>
        <span class="floor-ready" data-ready={props.kitchen.readyCourses.join(',')}>
          {t('kitchen.floor.ready', { courses: props.kitchen.readyCourses.map(courseName).join(', ') })}
        </span>
      </Show>
    </>
  );
}
