// "Add to quote" for product pages: shown to agents only, it opens My quotes with this product (and stay) chosen.
// Usage: <AddToQuote client:only="react" productId={id} checkIn="2027-05-01" checkOut="2027-05-04" guests={2} />
import { useAgentAccess } from './agent-access';
import { useT } from '../../stores/locale';

interface Props {
  productId: number;
  checkIn?: string;
  checkOut?: string | null;
  guests?: number;
  className?: string;
}

export function addToQuoteHref({ productId, checkIn, checkOut, guests }: Omit<Props, 'className'>): string {
  const params = new URLSearchParams({ new: '1', product_id: String(productId) });
  if (checkIn) params.set('check_in', checkIn);
  if (checkOut) params.set('check_out', checkOut);
  if (guests) params.set('guests', String(guests));
  return `/agent/my-quotes?${params}`;
}

export default function AddToQuote(props: Props) {
  const t = useT();
  const access = useAgentAccess();
  if (access !== 'agent' || !Number.isInteger(props.productId) || props.productId <= 0) return null;
  return (
    <a className={`btn btn-secondary add-to-quote ${props.className ?? ''}`} href={addToQuoteHref(props)} data-testid="add-to-quote">
      {t('agent_add_to_quote')}
    </a>
  );
}
