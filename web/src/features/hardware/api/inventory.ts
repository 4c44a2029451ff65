// Inventory calls (spec 2 §2, §7): the four device lists, the locks' filters and their two panels
// (Current Inventory, Returned Locks) with an Export All each, the lock details and New Device.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, type Query } from '../../../api/client';
import type { DeviceCreated, InventoryCommunity, LockRecord, NewLockInput } from '../../../api/types';
import { exportAll } from '../../../components/list/exports';
import { LIST_KEY, useListQuery } from '../../../components/list/useListQuery';
import type { ListController } from '../../../components/list/useListParams';

/** The page's state (search, filters, page size) is kept in the URL of /inventory. */
export const INVENTORY_AREA = 'inventory';
export const INVENTORY_FILTERS = ['lockStatus', 'shipmentStatus', 'community', 'filterByBuilder'] as const;
export type InventoryFilter = (typeof INVENTORY_FILTERS)[number];
export type InventoryList = ListController<InventoryFilter>;

/** The device lists, by their API paths. */
export type DeviceArea = 'hubs' | 'smart-locks' | 'wifi-thermostats' | 'locks';
export const LOCKS_AREA = 'locks';

/** The lock status filter offers the lock statuses and these shipment statuses (spec 2 §2). */
export const LOCK_STATUS_EXTRAS = ['Activated', 'Created', 'Installed', 'Ready', 'To be returned'] as const;
export const SHIPMENT_STATUSES = [
  'Created',
  'Ready',
  'Shipped',
  'Received',
  'Installed',
  'Activated',
  'To be returned',
] as const;
/** The only shipment statuses a card shows (spec 2 §3). */
const SHOWN_SHIPMENTS = ['Shipped', 'Received'];

export const EXPORT_FILES = { current: 'inventory-export.csv', returned: 'returned-locks-export.csv' } as const;
export type LockPanel = keyof typeof EXPORT_FILES;

/**
 * One device list's query without its page: the page's search, size and builder filter; locks
 * add their own filters and the panel (`returned`). The other lists take none of these filters.
 */
function deviceQuery(list: InventoryList, area: DeviceArea, panel?: LockPanel): Query {
  const { search, order, orderBy, limit } = list.query;
  const { lockStatus, shipmentStatus, community, filterByBuilder } = list.params.filters;
  const query: Query = { search, order, orderBy, limit, filterByBuilder };
  if (area !== LOCKS_AREA) return query;
  return { ...query, lockStatus, shipmentStatus, community, returned: String(panel === 'returned') };
}

/**
 * A device list of the inventory, paged on its own: each section keeps its page (back to the
 * first whenever the search, a filter or the page size changes), so the URL's page is unused.
 */
export function useDeviceList<T>(list: InventoryList, area: DeviceArea, panel?: LockPanel) {
  const query = deviceQuery(list, area, panel);
  const key = JSON.stringify(query);
  const [paging, setPaging] = useState({ key, page: 0 });
  const page = paging.key === key ? paging.page : 0;
  const result = useListQuery<T>({ ...list, area, query: { ...query, page } });
  return { result, page, setPage: (next: number) => setPaging({ key, page: next }) };
}

/** Export All of a panel's locks (the server exports locks only), under the spec's file name. */
export function exportLocks(list: InventoryList, panel: LockPanel, builderId: number | undefined) {
  return exportAll(LOCKS_AREA, { ...deviceQuery(list, LOCKS_AREA, panel), builderId }, EXPORT_FILES[panel]);
}

/** The communities whose homes have locks (the community filter). */
export function useLockCommunities() {
  return useQuery({
    queryKey: ['locks', 'community'],
    queryFn: ({ signal }) => api<InventoryCommunity[]>('/locks/community', { signal }),
  });
}

/** Under the list key: New Device refreshes the lists and any lock on screen together. */
export const lockKey = (serial: string) => [LIST_KEY, LOCKS_AREA, 'detail', serial] as const;

export function useLockRecord(serial: string) {
  return useQuery({
    queryKey: lockKey(serial),
    queryFn: ({ signal }) => api<LockRecord>(`/locks/${encodeURIComponent(serial)}`, { signal }),
  });
}

/** New Device: registers a lock into inventory. */
export function createLock(body: NewLockInput) {
  return api<DeviceCreated>('/locks', { method: 'POST', body });
}

// How cards show a device.

/** `seam` hubs are Wifi Locks; every other hub type shows as a hub (spec 2 §3). */
export function hubTypeLabel(hubType: string | null | undefined): string {
  return hubType === 'seam' ? 'Wifi Lock' : 'Hub';
}

/** Serials of that lock maker begin with IGK; their cards carry its own icon. */
export function isIgkSerial(serial: string): boolean {
  return serial.startsWith('IGK');
}

/** A battery level (0–1) as a whole percent; empty when unknown. */
export function batteryPercent(level: number | null | undefined): string {
  return level === null || level === undefined ? '' : `${Math.round(level * 100)}%`;
}

export function shownShipment(status: string | null | undefined): string | null {
  return status && SHOWN_SHIPMENTS.includes(status) ? status : null;
}

export interface DeviceLocation {
  house_num?: string | null;
  address_1?: string | null;
  city?: string | null;
  state?: string | null;
  community_name?: string | null;
}

/** `Lot 12 · 148 Oak Lane, Austin, TX · Oak Ridge`; empty for another builder's device (the
 *  server leaves its location out). */
export function locationText(d: DeviceLocation): string {
  const lot = d.house_num ? `Lot ${d.house_num}` : '';
  const address = [d.address_1, d.city, d.state].filter(Boolean).join(', ');
  return [lot, address, d.community_name].filter(Boolean).join(' · ');
}
