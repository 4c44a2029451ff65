import { api } from '../../../api/client';
import type { ShareAnswer, ShareRequest } from '../../../api/types';

/** POST /customers/share: sends the invite; answers the message to show. */
export function shareTour(body: ShareRequest): Promise<ShareAnswer> {
  return api<ShareAnswer>('/customers/share', { method: 'POST', body });
}
