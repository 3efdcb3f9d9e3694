// The register: the open bill and payment (placeholder).
import { Placeholder } from './Placeholder';

export default function RegisterView() {
  return <Placeholder titleKey="register.title" />;
}
