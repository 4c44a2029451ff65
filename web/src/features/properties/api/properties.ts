// Property calls (spec 1 §7, docs/api.md "Properties").
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type {
  Coordinates,
  GeocodeAddress,
  IntegrationInput,
  MessageBody,
  PhotoUploaded,
  PhotoView,
  PropertyCreated,
  PropertyDetail,
  PropertyList,
  PropertyRow,
} from '../../../api/types';
import { LIST_KEY, useListQuery } from '../../../components/list/useListQuery';
import type { ListController } from '../../../components/list/useListParams';
import type { PropertyObject } from '../propertySchema';

export const PROPERTIES_AREA = 'properties';
export type PropertyFilter = 'lockDisposition' | 'lockStatus' | 'filterByBuilder';

export function usePropertyList(list: ListController<PropertyFilter>) {
  return useListQuery<PropertyRow, PropertyFilter>(list);
}

/** Under the list key: the shell's progress bar shows while a property loads, and saves refresh both. */
export const propertyKey = (id: number) => [LIST_KEY, PROPERTIES_AREA, 'detail', id] as const;
export const imagesKey = (id: number) => ['properties', id, 'images'] as const;

export function useProperty(id: number | null) {
  return useQuery({
    queryKey: propertyKey(id ?? 0),
    queryFn: ({ signal }) => api<PropertyDetail>(`/properties/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** Latitude and longitude of an address (the server falls back to 0 when it cannot tell). */
export function locate(address: GeocodeAddress) {
  return api<Coordinates>('/properties/coordinates', { method: 'POST', body: address });
}

export function createProperty(body: PropertyObject) {
  return api<PropertyCreated>('/properties/new_property', { method: 'POST', body });
}

export function saveProperty(id: number, body: PropertyObject) {
  return api<MessageBody>(`/properties/${id}`, { method: 'POST', body });
}

/** Marks a property sold. */
export function retireProperty(id: number) {
  return api<MessageBody>(`/properties/${id}/retire`, { method: 'PATCH' });
}

export function saveIntegration(id: number, body: IntegrationInput) {
  return api<MessageBody>(`/properties/saveIntegrationsProjectId/${id}`, { method: 'PATCH', body });
}

export function usePropertyImages(id: number) {
  return useQuery({
    queryKey: imagesKey(id),
    queryFn: ({ signal }) => api<PhotoView[]>(`/properties/${id}/images`, { signal }),
    staleTime: 0,
  });
}

/** Multipart: the photo and its position (the server converts it to WebP). */
export function uploadImage(id: number, file: File, position: number) {
  const form = new FormData();
  form.append('file', file);
  form.append('sequence_position', String(position));
  return api<PhotoUploaded>(`/properties/${id}/images`, { method: 'POST', body: form });
}

export function deleteImage(id: number, imageId: number) {
  return api<MessageBody>(`/properties/${id}/images/${imageId}`, { method: 'DELETE' });
}

/** How many properties one picker search answers (the list's smallest page). */
export const PROPERTY_SEARCH_LIMIT = 25;

/**
 * Properties matching `search` (GET /api/properties?search=&limit=25), newest modified first, for
 * pickers; `builderId` is an enterprise user's builder; `toursOnly` offers only homes open to tours.
 * The previous answer stays while the next loads.
 */
export function usePropertySearch(search: string, builderId: number | undefined, enabled = true, toursOnly = false) {
  const text = search.trim();
  const tours = toursOnly ? true : undefined;
  return useQuery({
    queryKey: ['properties', 'search', builderId, text, toursOnly],
    queryFn: ({ signal }) =>
      api<PropertyList>('/properties', {
        query: { search: text, limit: PROPERTY_SEARCH_LIMIT, builderId, tours },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 60_000,
  });
}
