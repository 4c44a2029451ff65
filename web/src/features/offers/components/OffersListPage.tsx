import { useSession } from '../../../api/session';
import type { OfferRow } from '../../../api/types';
import { ListPage, useListParams, type Column } from '../../../components/list';
import { formatUsDate } from '../../../lib/format';
import { OFFERS_AREA, contactLabel, offersTitle, useOfferList } from '../api/offers';

export const OFFER_COLUMNS: Column<OfferRow>[] = [
  { key: 'id', label: 'Id', sortable: true },
  { key: 'firstname', label: 'First Name', sortable: true },
  { key: 'lastname', label: 'Last Name', sortable: true },
  { key: 'property_id', label: 'Property Id', sortable: true },
  { key: 'floor_plan', label: 'Floor Plan', sortable: true, render: (r) => r.floor_plan ?? '—' },
  { key: 'prequalified', label: 'Prequalified', sortable: true, render: (r) => (r.prequalified ? 'Yes' : 'No') },
  { key: 'move_in', label: 'Move In', sortable: true, render: (r) => (r.move_in ? formatUsDate(r.move_in) : '—') },
  {
    key: 'preferred_contact',
    label: 'Preferred Contact',
    sortable: true,
    render: (r) => contactLabel(r.preferred_contact),
  },
];

/** /offers: the visitors ready to buy (or rent), latest move-in first. */
export default function OffersListPage() {
  const { user } = useSession();
  const list = useListParams({
    area: OFFERS_AREA,
    defaultOrderBy: 'move_in',
    defaultOrder: 'desc',
    sortable: OFFER_COLUMNS.map((c) => c.key),
  });
  const result = useOfferList(list);
  return (
    <ListPage
      title={offersTitle(!!user?.isRental)}
      list={list}
      result={result}
      columns={OFFER_COLUMNS}
      rowKey={(r) => r.id}
      rowHref={(r) => `/offers/${r.id}`}
      searchPlaceholder="Search all offers"
    />
  );
}
