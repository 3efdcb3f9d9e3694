// The hotel's commodity groups as the till server's copy of the PMS catalogue names them, for the
// admin page's choice of what an outlet sells: each group some product belongs to, by id.
import type { Catalogue } from './catalogue.ts';
import type { CatalogueVersion } from './catalogue-versions.ts';

export interface CommodityGroup {
  id: number;
  name: string;
}

/** The groups of `version`'s products, by id; none without a version. */
export function groupsOf(version: CatalogueVersion | undefined): CommodityGroup[] {
  const groups = new Map<number, string>();
  for (const item of version?.items.values() ?? [])
    if (item.commodityGroupId !== null && !groups.has(item.commodityGroupId))
      groups.set(item.commodityGroupId, item.commodityGroupName);
  return [...groups].map(([id, name]) => ({ id, name })).sort((a, b) => a.id - b.id);
}

/** The PMS's groups now (its catalogue read within the catalogue's age), else the last copy kept. */
export async function currentGroups(catalogue: Catalogue): Promise<CommodityGroup[]> {
  try {
    return groupsOf(await catalogue.current());
  } catch {
    return groupsOf(catalogue.latest());
  }
}
