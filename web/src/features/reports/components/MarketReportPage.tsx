import type { MarketReportRow } from '../../../api/types';
import type { Column } from '../../../components/list';
import { MARKET_REPORT } from '../api/reports';
import { ReportPage } from './ReportPage';

export const MARKET_REPORT_COLUMNS: Column<MarketReportRow>[] = [
  { key: 'propertyId', label: 'Property Id', sortable: true },
  { key: 'address', label: 'Address', sortable: true },
  { key: 'lotNumber', label: 'Lot #', sortable: true, render: (r) => r.lotNumber ?? '—' },
  { key: 'communityName', label: 'Community', sortable: true },
  { key: 'marketingName', label: 'Marketing Name', sortable: true, render: (r) => r.marketingName ?? '—' },
  { key: 'saleDate', label: 'Sale Date', sortable: true },
  { key: 'daysBeforeSale', label: 'Days Before Sale', render: (r) => r.daysBeforeSale ?? '—' },
  { key: 'visits', label: 'Visits' },
];

/** /reportMarket: the homes sold (or rented) in the period, how long it took and their visits. */
export default function MarketReportPage() {
  return (
    <ReportPage
      title="Market Report"
      report={MARKET_REPORT}
      columns={MARKET_REPORT_COLUMNS}
      rowKey={(r) => r.propertyId}
      defaultOrderBy="saleDate"
      defaultOrder="desc"
      searchPlaceholder="Search by address, lot, community or marketing name"
    />
  );
}
