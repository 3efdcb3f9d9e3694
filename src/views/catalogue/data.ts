// The catalogue's writes as router actions: creating a product and a commodity group in the PMS
// (pending state and errors through `useSubmission`). The work itself is src/features/catalogue/catalogue-admin.ts.
import { action } from '@solidjs/router';
import { createCommodityGroup, createProduct } from '../../features/catalogue';

export const createProductAction = action(createProduct, 'create-product');
export const createGroupAction = action(createCommodityGroup, 'create-commodity-group');
