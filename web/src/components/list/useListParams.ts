// One hook for every list screen: search, order, orderBy, page, limit, Show All and the area's
// filters live in the URL query (the source of truth) and in a shared per-area store, so that
// coming back to the list from one of its detail pages restores them, while leaving the list's
// area resets them (see resetListStatesOutside).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { createStore } from '../../lib/store';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../app/config';
import { BUILDER_PARAM, useBuilderIdParam } from '../../app/builderSelection';
import type { Query } from '../../api/client';

export type Order = 'asc' | 'desc';
export type RowKey = string | number;

export interface ListParamsConfig<F extends string = string> {
  /** Area name: the list's path is `/{area}`, its API `/api/{area}`. */
  area: string;
  defaultOrderBy: string;
  defaultOrder: Order;
  /** Columns the user may sort by; an unknown orderBy in the URL falls back to the default. */
  sortable?: readonly string[];
  /** Names of the area's filters, kept in the URL under the same names. */
  filters?: readonly F[];
}

export interface ListParams<F extends string = string> {
  search: string;
  order: Order;
  orderBy: string;
  page: number;
  limit: number;
  showAll: boolean;
  filters: Record<F, string>;
}

export interface ListController<F extends string = string> {
  area: string;
  params: ListParams<F>;
  /** The list query to send to the server (null/empty values are left out by the client). */
  query: Query;
  setSearch(search: string): void;
  /** Sorts by a column: the same column flips the order, a new one starts ascending. */
  setSort(orderBy: string, order?: Order): void;
  setPage(page: number): void;
  setLimit(limit: number): void;
  setShowAll(showAll: boolean): void;
  setFilters(filters: Partial<Record<F, string | null>>): void;
  selected: RowKey[];
  setSelected(keys: RowKey[]): void;
}

/** Saved query string per list area; cleared when the user leaves the area. */
export const listStateStore = createStore<Record<string, string>>({});

/** Paths outside its own under which an area's list keeps its state, by area. */
const keptUnder = new Map<string, string[]>();

/** Keeps an area's list state while the address is under `prefix` too (the visits list's filters
 *  inside a customer's page, spec 2 §2). */
export function keepListStateUnder(area: string, prefix: string): void {
  keptUnder.set(area, [...(keptUnder.get(area) ?? []), prefix]);
}

/** Drops the saved state of every list whose area does not contain `pathname`. */
export function resetListStatesOutside(pathname: string): void {
  const saved = listStateStore.get();
  const inside = (area: string) =>
    pathname === `/${area}` ||
    pathname.startsWith(`/${area}/`) ||
    (keptUnder.get(area) ?? []).some((prefix) => pathname.startsWith(prefix));
  const kept = Object.fromEntries(Object.entries(saved).filter(([area]) => inside(area)));
  if (Object.keys(kept).length !== Object.keys(saved).length) listStateStore.set(kept);
}

const BASE_KEYS = ['search', 'order', 'orderBy', 'page', 'limit', 'showAll'] as const;

export function parseListParams<F extends string>(sp: URLSearchParams, config: ListParamsConfig<F>): ListParams<F> {
  const order = sp.get('order');
  const orderBy = sp.get('orderBy');
  const page = Number(sp.get('page'));
  const limit = Number(sp.get('limit'));
  const filters = {} as Record<F, string>;
  for (const f of config.filters ?? []) filters[f] = sp.get(f) ?? '';
  return {
    search: sp.get('search') ?? '',
    order: order === 'asc' || order === 'desc' ? order : config.defaultOrder,
    orderBy: orderBy && (!config.sortable || config.sortable.includes(orderBy)) ? orderBy : config.defaultOrderBy,
    page: Number.isInteger(page) && page >= 0 ? page : 0,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
    showAll: sp.get('showAll') === 'true',
    filters,
  };
}

export function serializeListParams<F extends string>(p: ListParams<F>): URLSearchParams {
  const sp = new URLSearchParams();
  if (p.search) sp.set('search', p.search);
  sp.set('order', p.order);
  sp.set('orderBy', p.orderBy);
  sp.set('page', String(p.page));
  sp.set('limit', String(p.limit));
  if (p.showAll) sp.set('showAll', 'true');
  for (const [k, v] of Object.entries(p.filters) as [string, string][]) if (v) sp.set(k, v);
  return sp;
}

function hasListKeys(sp: URLSearchParams, filters: readonly string[]): boolean {
  return [...BASE_KEYS, ...filters].some((k) => sp.has(k));
}

export function useListParams<F extends string = never>(config: ListParamsConfig<F>): ListController<F> {
  const [searchParams, setSearchParams] = useSearchParams();
  const configRef = useRef(config);
  configRef.current = config;
  const filterNames = config.filters ?? [];

  // The URL wins; a bare URL takes the state saved for this area (coming back from a detail page).
  const saved = listStateStore.get()[config.area];
  const source = hasListKeys(searchParams, filterNames) || !saved ? searchParams : new URLSearchParams(saved);
  const serialized = serializeListParams(parseListParams(source, config)).toString();
  const params = useMemo(() => parseListParams(new URLSearchParams(serialized), configRef.current), [serialized]);

  // The top bar's builder choice shares the URL (`useBuilderInUrl`): the list keeps it as it is.
  const builderInUrl = searchParams.get(BUILDER_PARAM);
  const withBuilder = useCallback(
    (list: string) => {
      const next = new URLSearchParams(list);
      if (builderInUrl !== null) next.set(BUILDER_PARAM, builderInUrl);
      return next;
    },
    [builderInUrl],
  );

  // Keep the URL and the store in step with the effective state.
  useEffect(() => {
    const own = new URLSearchParams(searchParams);
    own.delete(BUILDER_PARAM);
    if (own.toString() !== serialized) setSearchParams(withBuilder(serialized), { replace: true });
    listStateStore.set((s) => (s[config.area] === serialized ? s : { ...s, [config.area]: serialized }));
  }, [serialized, searchParams, setSearchParams, config.area, withBuilder]);

  const update = useCallback(
    (change: (p: ListParams<F>) => ListParams<F>) => {
      const next = serializeListParams(change(params)).toString();
      listStateStore.set((s) => ({ ...s, [configRef.current.area]: next }));
      setSearchParams(withBuilder(next), { replace: true });
    },
    [params, setSearchParams, withBuilder],
  );

  const [selected, setSelected] = useState<RowKey[]>([]);
  // The selection only ever holds rows on screen: it clears whenever the rows are replaced, i.e.
  // on a page or page-size change (the spec's rule) and also on a new search, sort, filter, Show
  // All / Hide All or top-bar builder, so that Delete, Export and Print never act on hidden rows.
  const builderId = useBuilderIdParam();
  useEffect(() => {
    setSelected([]);
  }, [serialized, builderId]);

  const query = useMemo<Query>(() => {
    const q: Query = {
      search: params.search,
      order: params.order,
      orderBy: params.orderBy,
      page: params.page,
      limit: params.limit,
    };
    if (params.showAll) q.showAll = true;
    for (const [k, v] of Object.entries(params.filters) as [string, string][]) q[k] = v;
    return q;
  }, [params]);

  return {
    area: config.area,
    params,
    query,
    setSearch: (search) => {
      if (search === params.search) return;
      update((p) => ({ ...p, search, page: 0 }));
    },
    setSort: (orderBy, order) =>
      update((p) => ({
        ...p,
        orderBy,
        order: order ?? (p.orderBy === orderBy ? (p.order === 'asc' ? 'desc' : 'asc') : 'asc'),
        page: 0,
      })),
    setPage: (page) => update((p) => ({ ...p, page })),
    setLimit: (limit) => update((p) => ({ ...p, limit, page: 0 })),
    setShowAll: (showAll) => update((p) => ({ ...p, showAll, page: 0 })),
    setFilters: (filters) =>
      update((p) => {
        const merged = { ...p.filters };
        for (const [k, v] of Object.entries(filters) as [F, string | null | undefined][]) merged[k] = v ?? '';
        return { ...p, filters: merged, page: 0 };
      }),
    selected,
    setSelected,
  };
}
