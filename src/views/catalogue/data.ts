// The catalogue's writes as router actions: creating a product and a commodity group in the PMS
// (pending state and errors through `useSubmission`). The work itself is src/state/catalogue-admin.ts.
import { action } from '@solidjs/router';
import { createCommodityGroup, createProduct } from '../../state/catalogue-admin';

export const createProductAction = action(createProduct, 'create-product');
export const createGroupAction = action(createCommodityGroup, 'create-commodity-group');
