import { lazy, Suspense } from 'react';
import { brandOf } from './provider-brands';

// The brand icons load with the first provider that shows one, not with the login page.
const ProviderBrandIcon = lazy(() => import('./provider-brand-icon'));

/**
 * The icon of a custom sign-in provider: an image when `icon` is an https address, a known brand
 * name (`Google`, `GitLab`, `Microsoft`, ...; a `.Color`-style suffix is ignored), else the
 * provider name's first letter.
 */
export function ProviderIcon({ icon, name }: { icon: string; name: string }) {
  const trimmed = icon.trim();
  if (/^https:\/\//i.test(trimmed)) {
    return <img src={trimmed} alt="" width={18} height={18} style={{ verticalAlign: -3 }} />;
  }
  const letter = (
    <span aria-hidden style={{ fontWeight: 600, fontSize: 15, lineHeight: 1 }}>
      {[...name.trim()][0]?.toUpperCase() ?? '?'}
    </span>
  );
  const brand = brandOf(trimmed);
  if (!brand) return letter;
  return (
    <Suspense fallback={letter}>
      <ProviderBrandIcon brand={brand} />
    </Suspense>
  );
}
