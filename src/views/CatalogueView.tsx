// Catalogue of sellable items (placeholder).
import { Placeholder } from './Placeholder';

export default function CatalogueView() {
  return <Placeholder titleKey="catalogue.title" />;
}
