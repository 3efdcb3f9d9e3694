// The "groups sold" and default group fields of an outlet's rules form on the admin page: the hotel's
// commodity groups by name (checkboxes and a select), a group the outlet had that the PMS no longer
// names kept and marked; where the PMS's groups are not known, group numbers typed as before.
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { OutletPolicy } from '../../pms/staff-calls.ts';
import type { CommodityGroup } from '../catalogue/index.ts';
import type { AdminWords } from './admin-words.ts';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export const OUTLET_GROUPS_CSS = `
fieldset.groups{border:1px solid #ddd;border-radius:8px;margin:8px 0;padding:4px 12px 8px}
fieldset.groups label{display:inline-flex;align-items:center;gap:6px;margin:4px 18px 4px 0;min-height:44px}
fieldset.groups input{width:24px;height:24px;min-height:0}
`;

/** The outlet's groups fields, by name from `known` (the PMS's groups). */
export function outletGroupsFields(
  words: AdminWords,
  policy: OutletPolicy,
  known: readonly CommodityGroup[],
): Html {
  const sold = new Set(policy.groupsSold ?? []);
  const kept = [...sold, ...(policy.defaultGroup === undefined ? [] : [policy.defaultGroup])].filter(
    (id) => !known.some((group) => group.id === id),
  );
  if (known.length === 0)
    return html`<p class="muted">${words.groupsNotRead}</p>
<label>${words.groupsSoldNumbers} <input name="groupsSold" inputmode="numeric" value="${[...sold].join(', ')}"></label>
<label>${words.defaultGroupNumber} <input name="defaultGroup" inputmode="numeric" value="${policy.defaultGroup ?? ''}"></label>`;
  const choices = [
    ...known,
    ...[...new Set(kept)].map((id) => ({ id, name: `${words.groupNumber} ${id} (${words.groupNotInPms})` })),
  ];
  return html`<fieldset class="groups"><legend>${words.groupsSold}</legend>
${choices.map(
  (group) =>
    html`<label><input type="checkbox" name="groupsSold" value="${group.id}" ${sold.has(group.id) ? 'checked' : ''}> ${group.name}</label>`,
)}
<p class="muted">${words.groupsSoldHint}</p></fieldset>
<label>${words.defaultGroup} <select name="defaultGroup"><option value="">${words.allGroups}</option>${choices.map(
    (group) =>
      html`<option value="${group.id}" ${policy.defaultGroup === group.id ? 'selected' : ''}>${group.name}</option>`,
  )}</select></label>`;
}
