// The admin page's modifier groups, `/admin/tables/modifiers` (behind the admin page's sign-in: a
// manager, the admin key or the server machine; table-routes.ts mounts it): every group as a plain
// form (name, products, required, at least / at most, options one a line: "Name | 0,50 | 205" for a
// priced one sold as PMS product 205), saved or removed one at a time, each change in the audit log.
import { randomUUID } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { html } from 'hono/html';
import { requestHeader } from '../../node-http/headers.ts';
import type { ModifierGroup, ModifierOption } from '../../shared/modifier-groups.ts';
import { page } from '../admin/admin-page.ts';
import { adminWords } from '../admin/admin-words.ts';
import type { Hub } from '../hub/hub.ts';
import { adminActor } from './floor-plan-admin.ts';
import type { ModifierStore } from './modifier-store.ts';
import { MODIFIER_WORDS, type ModifierWords } from './modifier-words.ts';
import { TableError } from './table-errors.ts';

const ID = /^[A-Za-z0-9_.:-]{1,40}$/;
const PRICE = /^(\d{1,4})(?:[.,](\d{1,2}))?$/;

/** A group as the form sent it; refuses what cannot be read (the field named), never half of it. */
export function groupOfForm(form: Record<string, unknown>): ModifierGroup {
  const text = (key: string) => (typeof form[key] === 'string' ? (form[key] as string).trim() : '');
  const refuse = (field: string, message: string) => new TableError(400, 'modifiers_invalid', message, field);
  const name = text('name');
  if (name.length < 1 || name.length > 60) throw refuse('name', 'a name of 1 to 60 characters');
  const productIds = text('products')
    .split(/[\s,;]+/)
    .filter(Boolean);
  if (productIds.length === 0 || productIds.some((id) => !ID.test(id)))
    throw refuse('products', 'the PMS product numbers it is asked for, separated by commas');
  const count = (key: string) => {
    const value = Number(text(key));
    if (!Number.isInteger(value) || value < 0 || value > 20) throw refuse(key, 'a whole number from 0 to 20');
    return value;
  };
  const options: ModifierOption[] = text('options')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line, index) => {
      const [optionName = '', price = '', productId = ''] = line.split('|').map((part) => part.trim());
      const cents = PRICE.exec(price || '0');
      if (!optionName || optionName.length > 60)
        throw refuse(`options.${index}.name`, 'a name of 1 to 60 characters');
      if (!cents) throw refuse(`options.${index}.priceCents`, 'a price like 0,50');
      if (productId && !ID.test(productId))
        throw refuse(`options.${index}.productId`, 'a PMS product number');
      return {
        optionId: `o${index + 1}`,
        name: optionName,
        priceCents: Number(cents[1]) * 100 + Number((cents[2] ?? '').padEnd(2, '0')),
        productId: productId || null,
      };
    });
  if (options.length > 30) throw refuse('options', 'at most 30 options');
  const groupId = text('groupId') || `g-${randomUUID().slice(0, 8)}`;
  if (!ID.test(groupId)) throw refuse('groupId', 'not a group of this page');
  return {
    groupId,
    name,
    required: form.required === 'on',
    minChoices: count('minChoices'),
    maxChoices: count('maxChoices'),
    productIds,
    options,
  };
}

const optionsText = (group: ModifierGroup) =>
  group.options
    .map((option) =>
      option.priceCents > 0 || option.productId
        ? `${option.name} | ${(option.priceCents / 100).toFixed(2).replace('.', ',')} | ${option.productId ?? ''}`
        : option.name,
    )
    .join('\n');

function groupForm(w: ModifierWords, group: ModifierGroup | null) {
  const g = group ?? {
    groupId: '',
    name: '',
    required: true,
    minChoices: 1,
    maxChoices: 1,
    productIds: [],
    options: [],
  };
  return html`<form method="post" action="/admin/tables/modifiers" class="printer" data-group="${g.groupId}">
<input type="hidden" name="groupId" value="${g.groupId}">
<label>${w.name} <input name="name" required maxlength="60" value="${g.name}"></label>
<label>${w.products} <input name="products" required value="${g.productIds.join(', ')}"></label>
<label><input type="checkbox" name="required" ${g.required ? 'checked' : ''}> ${w.required}</label>
<label>${w.atLeast} <input name="minChoices" type="number" min="0" max="20" value="${g.minChoices}"></label>
<label>${w.atMost} <input name="maxChoices" type="number" min="1" max="20" value="${g.maxChoices}"></label>
<label>${w.options} <textarea name="options" rows="4" cols="40">${optionsText(g)}</textarea></label>
<p class="muted">${w.optionsHint}</p><button>${group ? w.save : w.add}</button></form>${
    group
      ? html`<form method="post" action="/admin/tables/modifiers/${g.groupId}/remove"><button class="danger">${w.remove}</button></form>`
      : ''
  }`;
}

export function createModifierAdminRoutes(hub: Hub, store: ModifierStore): Hono {
  const routes = new Hono();
  const wordsOf = (c: Context) => {
    const { lang, words } = adminWords(requestHeader(c, 'accept-language'));
    return { lang, admin: words, w: MODIFIER_WORDS[lang] };
  };
  const show = (c: Context, problem?: string, status: 200 | 400 = 200) => {
    const { lang, admin, w } = wordsOf(c);
    const groups = store.list();
    const body = html`<section><h1>${w.title}</h1><p class="muted">${w.hint}</p>
${problem ? html`<p class="error" role="alert">${problem}</p>` : ''}
${groups.map((group) => html`<h2>${group.name}</h2>${groupForm(w, group)}`)}
<h2>${w.newGroup}</h2>${groupForm(w, null)}<p><a href="/admin">${w.back}</a></p></section>`;
    c.header('cache-control', 'no-store');
    return c.html(page(lang, admin, body, true), status);
  };
  const actor = (c: Context) => adminActor(hub, c);
  routes.get('/', (c) => show(c));
  routes.post('/', async (c) => {
    try {
      const group = groupOfForm(await c.req.parseBody());
      store.save(group);
      hub.audit.append({
        kind: 'modifier_group_saved',
        staffName: actor(c),
        subject: group.groupId,
        note: group.name,
      });
      return c.redirect('/admin/tables/modifiers', 303);
    } catch (error) {
      if (!(error instanceof TableError)) throw error;
      return show(c, `${error.field}: ${error.message}`, 400);
    }
  });
  routes.post('/:groupId/remove', (c) => {
    const groupId = c.req.param('groupId');
    if (store.remove(groupId))
      hub.audit.append({ kind: 'modifier_group_removed', staffName: actor(c), subject: groupId });
    return c.redirect('/admin/tables/modifiers', 303);
  });
  return routes;
}
