// Modifier groups on the admin page: only a signed-in manager (or the admin key, or the server machine)
// reads or changes them; a paired tablet and an unauthenticated caller get 401 and change nothing. A
// group saved from the form reaches the tablets; a badly made one is refused naming its field.
import { describe, expect, it } from 'vitest';
import { adminCalls } from './table-support.ts';

const cooking = {
  name: 'Cooking',
  products: '34',
  required: 'on',
  minChoices: '1',
  maxChoices: '1',
  options: 'Rare\nMedium\nWell done',
};
const extras = {
  name: 'Extras',
  products: '1, 34',
  minChoices: '0',
  maxChoices: '2',
  options: 'No ice\nExtra shot | 0,50 | 205',
};

describe('modifier groups on the admin page', () => {
  it('refuses a paired tablet and an unauthenticated caller, reading or saving', async () => {
    const { post, get, one, manager } = adminCalls();
    for (const cookie of [one.cookie, null]) {
      expect((await get(cookie, '/admin/tables/modifiers')).status).toBe(401);
      expect((await post(cookie, '/admin/tables/modifiers', cooking)).status).toBe(401);
    }
    // A tablet holding a manager's cookie name with its own token is no manager either.
    expect(
      (await post(`${manager.split('=')[0]}=${one.cookie.split('=')[1]}`, '/admin/tables/modifiers', cooking))
        .status,
    ).toBe(401);
    expect((await one.call('/till/tables/modifiers')).body.groups).toEqual([]);
  });

  it('saves a manager’s groups, which the tablets then read, and refuses a badly made one by its field', async () => {
    const { post, get, one, bar, manager, hub } = adminCalls();
    expect((await post(manager, '/admin/tables/modifiers', cooking)).status).toBe(303);
    expect((await post(manager, '/admin/tables/modifiers', extras)).status).toBe(303);
    const { groups } = (await one.call('/till/tables/modifiers')).body;
    expect(groups).toMatchObject([
      { name: 'Cooking', required: true, minChoices: 1, maxChoices: 1, productIds: ['34'] },
      {
        name: 'Extras',
        required: false,
        productIds: ['1', '34'],
        options: [
          { name: 'No ice', priceCents: 0, productId: null },
          { name: 'Extra shot', priceCents: 50, productId: '205' },
        ],
      },
    ]);
    expect((await bar.call('/till/tables/modifiers')).body.groups).toHaveLength(2);
    const page = await (await get(manager, '/admin/tables/modifiers')).text();
    expect(page).toContain('Extra shot | 0,50 | 205');
    // A priced option without its PMS product, and a required group asking for none: refused.
    const unpriced = await post(manager, '/admin/tables/modifiers', {
      ...extras,
      options: 'Extra shot | 0,50\nNo ice',
    });
    expect(unpriced.status).toBe(400);
    expect(await unpriced.text()).toContain('options.0.productId');
    const skippable = await post(manager, '/admin/tables/modifiers', { ...cooking, minChoices: '0' });
    expect(skippable.status).toBe(400);
    expect(await skippable.text()).toContain('minChoices');
    expect((await one.call('/till/tables/modifiers')).body.groups).toHaveLength(2);
    // Removed by the manager; each change is in the audit log.
    expect((await post(manager, `/admin/tables/modifiers/${groups[1].groupId}/remove`, {})).status).toBe(303);
    expect((await one.call('/till/tables/modifiers')).body.groups).toHaveLength(1);
    expect(hub.audit.list({ kind: 'modifier_group_saved' }).length).toBe(2);
  });
});
