// The "Package" badge of a booking that came from a package landing (its is_package flag).
import { useT } from '../../stores/locale';

export default function PackageBadge({ booking }: { booking: { is_package?: number } }) {
  const t = useT();
  if (booking.is_package !== 1) return null;
  return (
    <span className="badge" data-testid="package-badge">
      {t('bk_package')}
    </span>
  );
}
