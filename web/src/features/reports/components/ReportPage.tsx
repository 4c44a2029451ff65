import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { GoBack } from '../../../components/GoBack';
import { ListPage, useListParams, type Column } from '../../../components/list';
import { REPORT_FILTERS, useReport, type ReportArea, type ReportFilter } from '../api/reports';
import { reportReady, showDay } from '../reportDates';

export interface ReportPageProps<T> {
  title: string;
  report: ReportArea;
  columns: readonly Column<T>[];
  rowKey(row: T): number;
  defaultOrderBy: string;
  defaultOrder: 'asc' | 'desc';
  searchPlaceholder: string;
}

/**
 * A report's screen: Go Back to /reports, its days, search, selection, Export, Print and Export
 * All of the rows of the period in its address (startDate, endDate, builderId).
 */
export function ReportPage<T>({
  title,
  report,
  columns,
  rowKey,
  defaultOrderBy,
  defaultOrder,
  searchPlaceholder,
}: ReportPageProps<T>) {
  const list = useListParams<ReportFilter>({
    area: report.area,
    defaultOrderBy,
    defaultOrder,
    sortable: columns.filter((c) => c.sortable).map((c) => c.key),
    filters: REPORT_FILTERS,
  });
  const { startDate, endDate } = list.params.filters;
  const ready = reportReady(startDate, endDate);
  const result = useReport<T>(list, ready);
  if (!ready) {
    return (
      <Box>
        <GoBack to="/reports" />
        <Alert severity="info">Choose the report&apos;s start and end dates on the Reports page.</Alert>
      </Box>
    );
  }
  return (
    <Box>
      <GoBack to="/reports" />
      <ListPage
        title={title}
        subtitle={`${showDay(startDate)} – ${showDay(endDate)}`}
        list={list}
        result={result}
        columns={columns}
        rowKey={rowKey}
        searchPlaceholder={searchPlaceholder}
        exportFile={report.file}
        selectionExtras={{ startDate, endDate }}
      />
    </Box>
  );
}
