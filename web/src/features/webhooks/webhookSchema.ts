// Webhook form rules (spec 3: Webhook validation): payload_url, content_type and event_type are
// required ('Required field'); the secret is optional.
import { z } from 'zod';

export const REQUIRED_FIELD = 'Required field';

export const EVENT_TYPES = ['tours.enable', 'tours.disable', 'on.demand.tours', 'scheduled.tours'] as const;

export const CONTENT_TYPES = [
  { value: 'json', label: 'application/json' },
  { value: 'html', label: 'text/html' },
  { value: 'plain', label: 'text/plain' },
] as const;

export function webhookSchema(options: { requireBuilder: boolean }) {
  return z
    .object({
      payload_url: z
        .string()
        .trim()
        .min(1, REQUIRED_FIELD)
        .refine((v) => v === '' || /^https?:\/\/\S+$/.test(v), 'Enter an address starting with http:// or https://'),
      content_type: z.string().min(1, REQUIRED_FIELD),
      event_type: z.string().min(1, REQUIRED_FIELD),
      secret: z.string().trim().max(200, 'The secret must be at most 200 characters'),
      builder_id: z.number().nullable(),
    })
    .superRefine((v, ctx) => {
      if (options.requireBuilder && !v.builder_id)
        ctx.addIssue({ code: 'custom', path: ['builder_id'], message: REQUIRED_FIELD });
    });
}

export type WebhookFormValues = z.input<ReturnType<typeof webhookSchema>>;

/** How a delivery's state reads in the log. */
export function deliveryStatus(d: { state: string; attempts: number; next_attempt_on?: string | null }): string {
  if (d.state === 'delivered') return 'Delivered';
  if (d.state === 'failed') return 'Failed';
  return d.attempts === 0 ? 'Sending' : 'Retrying';
}
