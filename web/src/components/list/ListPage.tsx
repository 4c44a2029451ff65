import { useEffect, useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import PrintIcon from '@mui/icons-material/Print';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { errorMessage } from '../../api/client';
import type { ListResponse } from '../../api/types';
import { useNotify } from '../../app/notify';
import { useBuilderIdParam } from '../../app/builderSelection';
import { DataTable, type Column } from './DataTable';
import { DeleteSelected, type DeleteSelectedOptions } from './DeleteSelected';
import { Pager } from './Pager';
import { SearchBox } from './SearchBox';
import { exportAll, exportSelected, printSelected, type SelectionExtras } from './exports';
import type { ListController, RowKey } from './useListParams';

export interface ListPageProps<T, F extends string> {
  title: string;
  list: ListController<F>;
  result: UseQueryResult<ListResponse<T>>;
  columns: readonly Column<T>[];
  rowKey(row: T): RowKey;
  /** Where a row leads (its detail page): the first cell links there and the row is clickable. */
  rowHref?(row: T): string;
  searchPlaceholder: string;
  /** Buttons at the top right (Add ...). */
  actions?: ReactNode;
  /** The area's filter menu, if any. */
  filterMenu?: ReactNode;
  /** Delete of the selected rows behind a confirmation dialog; the screen passes its delete call. */
  deleteSelected?: DeleteSelectedOptions;
  /** The empty table's text (default `No record exist!`). */
  emptyText?: string;
  /** Whether rows can be selected for Export and Print (default true); a list with only Export
   *  All (the hardware history) has neither. */
  selection?: boolean;
  /** The exports' file name when the spec names one other than `{area}-export.csv` (the
   *  history's HubActivityLogs.csv, the scheduled visits' under their API's other name). */
  exportFile?: string;
  /** Whether selected rows can be printed (default true). */
  print?: boolean;
  /** Whether the whole list can be exported (default true; the admins' outbox cannot). */
  exportAll?: boolean;
  /** Whether selected rows can be exported (default true; webhooks are only deleted). */
  exportSelection?: boolean;
  /** What Export and Print send beside the selection (a report's days). */
  selectionExtras?: SelectionExtras;
  /** Shown under the title (a report's days). */
  subtitle?: ReactNode;
}

/**
 * The shared list screen: title and actions, search, filter menu, Delete (optional), Show All /
 * Hide All, Export and Print of the selected rows, Export All, the table and the pager.
 */
export function ListPage<T, F extends string>({
  title,
  list,
  result,
  columns,
  rowKey,
  rowHref,
  searchPlaceholder,
  actions,
  filterMenu,
  deleteSelected,
  emptyText,
  selection = true,
  exportAll: canExportAll = true,
  exportFile,
  print = true,
  exportSelection = true,
  selectionExtras,
  subtitle,
}: ListPageProps<T, F>) {
  const notify = useNotify();
  const builderId = useBuilderIdParam();
  const [busy, setBusy] = useState<null | 'export' | 'print' | 'exportAll'>(null);
  const { params } = list;
  const rows = result.data?.data ?? [];
  const total = result.data?.total ?? 0;
  const nothingSelected = list.selected.length === 0;

  // A page past the end (rows deleted, another builder chosen) moves to the last page.
  const lastPage = Math.max(0, Math.ceil(total / params.limit) - 1);
  const pastEnd = result.isSuccess && !result.isPlaceholderData && !params.showAll && params.page > lastPage;
  useEffect(() => {
    if (pastEnd) list.setPage(lastPage);
  }, [pastEnd, lastPage, list]);

  const run = async (kind: 'export' | 'print' | 'exportAll', action: () => Promise<void>) => {
    setBusy(kind);
    try {
      await action();
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2 }}>
        <Box>
          <Typography variant="h1">{title}</Typography>
          {subtitle && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1}>
          {actions}
        </Stack>
      </Stack>
      <Paper variant="outlined">
        <Stack
          direction="row"
          sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, p: 1.5 }}
          role="toolbar"
          aria-label={`${title} toolbar`}
        >
          <SearchBox value={params.search} placeholder={searchPlaceholder} onSearch={list.setSearch} />
          {filterMenu}
          <Box sx={{ flex: 1 }} />
          {list.selected.length > 0 && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {list.selected.length} selected
            </Typography>
          )}
          {deleteSelected && <DeleteSelected list={list} options={deleteSelected} />}
          <Button
            variant="outlined"
            startIcon={params.showAll ? <VisibilityOffIcon /> : <VisibilityIcon />}
            onClick={() => list.setShowAll(!params.showAll)}
          >
            {params.showAll ? 'Hide All' : 'Show All'}
          </Button>
          {selection && exportSelection && (
            <>
              <Button
                variant="outlined"
                startIcon={<FileDownloadIcon />}
                disabled={nothingSelected || busy !== null}
                onClick={() =>
                  run('export', () => exportSelected(list.area, list.selected, exportFile, selectionExtras))
                }
              >
                Export
              </Button>
              {print && (
                <Button
                  variant="outlined"
                  startIcon={<PrintIcon />}
                  disabled={nothingSelected || busy !== null}
                  onClick={() => run('print', () => printSelected(list.area, list.selected, selectionExtras))}
                >
                  Print
                </Button>
              )}
            </>
          )}
          {canExportAll && (
            <Button
              variant="outlined"
              startIcon={<FileDownloadIcon />}
              disabled={busy !== null}
              onClick={() => run('exportAll', () => exportAll(list.area, { ...list.query, builderId }, exportFile))}
            >
              Export All
            </Button>
          )}
        </Stack>
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          orderBy={params.orderBy}
          order={params.order}
          onSort={list.setSort}
          selectable={selection}
          selected={list.selected}
          onSelectedChange={list.setSelected}
          rowHref={rowHref}
          loading={result.isFetching}
          error={result.isError ? errorMessage(result.error) : null}
          onRetry={() => void result.refetch()}
          emptyText={emptyText}
        />
        <Pager
          page={params.page}
          limit={params.limit}
          total={total}
          showAll={params.showAll}
          onPageChange={list.setPage}
          onLimitChange={list.setLimit}
        />
      </Paper>
    </Box>
  );
}
