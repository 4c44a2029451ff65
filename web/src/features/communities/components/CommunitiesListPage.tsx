import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import { useSession } from '../../../api/session';
import type { CommunityRow } from '../../../api/types';
import { useBuilderSelection } from '../../../app/builderSelection';
import { BuilderFilterMenu, ListPage, useListParams, type Column } from '../../../components/list';
import { formatDateTime } from '../../../lib/format';
import { useBuilderDetail } from '../../builders/api/useBuilders';
import { COMMUNITIES_AREA, deleteCommunities, useCommunityList } from '../api/communities';
import { MSG_ADD_TURNED_OFF } from '../communitySchema';

export const COMMUNITY_COLUMNS: Column<CommunityRow>[] = [
  { key: 'name', label: 'Name', sortable: true },
  { key: 'city', label: 'City', sortable: true },
  { key: 'state', label: 'State/Province', sortable: true },
  { key: 'zip', label: 'Zip', sortable: true },
  { key: 'external_community_id', label: 'External Community Id', sortable: true },
  { key: 'created_on', label: 'Created On', sortable: true, render: (r) => formatDateTime(r.created_on) },
  { key: 'created_by', label: 'Author', sortable: true },
  { key: 'modified_on', label: 'Modified On', sortable: true, render: (r) => formatDateTime(r.modified_on) },
  { key: 'builderName', label: 'Builder', sortable: true },
  { key: 'status', label: 'Community status', sortable: true },
];

export const MSG_NO_COMMUNITY_FOUND = 'No community names was found';

/**
 * The builder a new community would belong to, as far as the list can tell: the user's own, or
 * the enterprise user's single top-bar builder (with All Builders the wizard asks).
 */
function useAddTargetBuilder(): number | null {
  const { user } = useSession();
  const selected = useBuilderSelection();
  if (user?.isEnterprise) return selected ? selected : null;
  return user?.builderId ?? null;
}

/** /communities: the community list. */
export default function CommunitiesListPage() {
  const navigate = useNavigate();
  const { user } = useSession();
  const list = useListParams({
    area: COMMUNITIES_AREA,
    defaultOrderBy: 'modified_on',
    defaultOrder: 'desc',
    sortable: COMMUNITY_COLUMNS.map((c) => c.key),
    filters: ['filterByBuilder'] as const,
  });
  const result = useCommunityList(list);
  const target = useAddTargetBuilder();
  const detail = useBuilderDetail(target);
  const addTurnedOff = detail.data?.disable_add_property_and_community === true;

  return (
    <ListPage
      title="Communities"
      list={list}
      result={result}
      columns={COMMUNITY_COLUMNS}
      rowKey={(r) => r.id}
      rowHref={(r) => `/communities/${r.id}`}
      searchPlaceholder="Search all communities"
      emptyText={list.params.search ? MSG_NO_COMMUNITY_FOUND : undefined}
      actions={
        <Tooltip title={addTurnedOff ? MSG_ADD_TURNED_OFF : ''}>
          {/* A disabled button gets no pointer events: the span keeps the tooltip working. */}
          <span>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              disabled={addTurnedOff}
              onClick={() => navigate('/communities/add')}
            >
              Add Community
            </Button>
          </span>
        </Tooltip>
      }
      filterMenu={user?.isEnterprise ? <BuilderFilterMenu list={list} /> : undefined}
      deleteSelected={{ run: (keys) => deleteCommunities(keys.map(Number)) }}
    />
  );
}
