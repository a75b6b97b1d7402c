import { limits } from '@portal/api/limits';
import {
  exportProspects,
  listProspectsQuery,
  type Prospect,
  prospectHeaders,
} from '@portal/api/prospects';
import { Gate } from '@portal/auth';
import { Button } from '@portal/ui/button';
import type { DataGridColumn } from '@portal/ui/data-grid';
import { ExportButton } from '@portal/ui/export-button';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import * as z from 'zod/mini';
import {
  BackLink,
  column,
  ListFilters,
  ListScreen,
  scopedGrids,
  sortableColumn,
  textFilters,
  useListScreen,
  useNavigateWithBack,
} from '../list-kit';
import { PagedGrid } from '../list-kit/paged-grid';
import { agentPaths } from '../paths';
import { staffPaths } from '../paths/staff';
import { messages } from './messages';
import { ProspectCreateDialog } from './prospect-create-dialog';

/** Who the list is for: the agent's own, the network (staff), or one agent of it (staff). */
export type ProspectScope = 'mine' | 'network';

const GRIDS = scopedGrids(
  {
    sortable: ['lastName', 'firstName', 'birthday', 'createdAt'],
    // The API then sorts by first name (spec: last, then first name ascending).
    defaultSort: { field: 'lastName', direction: 'asc' },
    pageSize: 10,
  },
  'prospects',
);

/** The URL keys are the API's parameter names. */
const TEXT = textFilters({
  lastName: { label: prospectHeaders.lastName, maxLength: limits.textFilter },
  firstName: { label: prospectHeaders.firstName, maxLength: limits.textFilter },
});
const filterSchema = z.object(TEXT.schema);

const detailPath = (scope: ProspectScope, id: number) =>
  scope === 'mine' ? agentPaths.prospectDetail(id) : staffPaths.prospectDetail(id);

function columnsFor(scope: ProspectScope, team: boolean): DataGridColumn<Prospect>[] {
  const h = prospectHeaders;
  return [
    {
      ...sortableColumn<Prospect>('lastName', h.lastName, (p) => p.lastName),
      alwaysVisible: true,
      href: (p) => detailPath(scope, p.id),
    },
    sortableColumn('firstName', h.firstName, (p) => p.firstName),
    sortableColumn('birthday', h.birthday, (p) => p.birthday, 'date'),
    ...(scope === 'network' && !team
      ? [
          {
            ...column<Prospect>(
              'consultant',
              h.consultant,
              (p) => `${p.consultant.fullName} (${p.consultant.idCgp})`,
            ),
            href: (p: Prospect) => staffPaths.prospectsTeam(p.consultant.id),
            minWidth: 200,
          },
        ]
      : []),
    column('ric', h.ric, (p) => p.ricCollection.length, 'integer'),
    column('der', h.der, (p) => p.derCollection.length, 'integer'),
    sortableColumn('createdAt', h.createdAt, (p) => p.createdAt, 'date'),
  ];
}

/**
 * /my-prospects (an agent's own, with 'Ajouter un prospect'), /prospects (staff: the network,
 * the consultant linking to his prospects) and /prospects/team/{agentId} (one agent's, with
 * 'Retour'): filters and sort in the URL, 10 a page, and the export of the same list.
 */
export function ProspectsPage({ scope, agentId }: { scope: ProspectScope; agentId?: string }) {
  const list = useListScreen({ filters: filterSchema, grids: [GRIDS[scope]] });
  const grid = list.grid(GRIDS[scope]);
  const team = agentId !== undefined && /^[1-9]\d{0,9}$/.test(agentId) ? Number(agentId) : null;
  const narrow = scope === 'mine' ? { mine: true } : team ? { 'consultant.id': team } : {};
  const prospects = useQuery({
    ...listProspectsQuery({ ...grid.query, ...narrow }),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => columnsFor(scope, team !== null), [scope, team]);
  const [adding, setAdding] = useState(false);
  const navigate = useNavigateWithBack();
  const first = prospects.data?.['hydra:member'][0];
  const title =
    scope === 'mine'
      ? messages.myTitle
      : team === null
        ? messages.networkTitle
        : first
          ? messages.teamTitle(first.consultant.fullName)
          : messages.teamTitleFallback;

  return (
    <ListScreen
      title={title}
      before={
        team !== null ? <BackLink fallback={staffPaths.prospects} label={messages.back} /> : null
      }
      action={
        <Gate component="prospects_edit">
          <Button onClick={() => setAdding(true)}>{messages.add}</Button>
        </Gate>
      }
      exportButton={
        <Gate component="prospects_export">
          <ExportButton
            variant="secondary"
            onExport={(onProgress) =>
              exportProspects({ ...grid.exportQuery, ...narrow }, onProgress)
            }
          />
        </Gate>
      }
      filters={
        <ListFilters
          list={list}
          label={messages.filtersLabel}
          fields={TEXT.fields}
          fieldsClassName="grid gap-3 sm:grid-cols-2"
        />
      }
    >
      <PagedGrid grid={grid} columns={columns} list={prospects} texts={messages.grid} />
      <Gate component="prospects_edit">
        <ProspectCreateDialog
          open={adding}
          staff={scope === 'network'}
          onClose={() => setAdding(false)}
          onCreated={(prospect) => {
            setAdding(false);
            navigate(detailPath(scope, prospect.id));
          }}
        />
      </Gate>
    </ListScreen>
  );
}
