import type { AfterTourHoursRow } from '../../../api/types';
import { ListPage, useListParams, type Column } from '../../../components/list';
import { formatZoned } from '../../../lib/zoned';
import { AFTER_TOUR_HOURS_AREA, AFTER_TOUR_HOURS_FILE, useAfterTourHoursList } from '../api/afterTourHours';

export const AFTER_TOUR_HOURS_COLUMNS: Column<AfterTourHoursRow>[] = [
  { key: 'property_id', label: 'Property Id', sortable: true },
  { key: 'community', label: 'Community', sortable: true },
  { key: 'tour_hours', label: 'Tour Hours', sortable: true },
  {
    key: 'modified_on',
    label: 'Attempted At',
    sortable: true,
    // In the builder's time zone (spec 2 §2).
    render: (r) => `${formatZoned(r.modified_on, r.timezoneValue ?? undefined)} ${r.timezoneAbbr ?? ''}`.trim(),
  },
];

/** /afterTourHours: visitors who tried to tour a home outside its tour hours, latest first. */
export default function AfterTourHoursPage() {
  const list = useListParams({
    area: AFTER_TOUR_HOURS_AREA,
    defaultOrderBy: 'modified_on',
    defaultOrder: 'desc',
    sortable: AFTER_TOUR_HOURS_COLUMNS.map((c) => c.key),
  });
  const result = useAfterTourHoursList(list);
  return (
    <ListPage
      title="After Tour Hours"
      list={list}
      result={result}
      columns={AFTER_TOUR_HOURS_COLUMNS}
      rowKey={(r) => r.id}
      searchPlaceholder="Search by property id, community or address"
      exportFile={AFTER_TOUR_HOURS_FILE}
    />
  );
}
