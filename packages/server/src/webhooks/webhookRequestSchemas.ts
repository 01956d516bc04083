import { addressSchema } from '@relayer/protocol';
import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from './webhookEventTypes.js';

/** What every signed webhook request carries beside its own fields. */
const signed = {
  maker: addressSchema,
  /** Unix seconds after which the signature is refused (at most an hour ahead). */
  expires: z.number().int().positive(),
  /** Any text of the maker's choosing, accepted once per maker and network. */
  nonce: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, _ or -'),
  /** personal_sign of `registrationMessage`, 65 bytes as hex. */
  signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/, 'must be a 65-byte hex signature'),
};

/** `POST {prefix}/webhooks`. */
export const webhookRegistrationSchema = z.strictObject({
  ...signed,
  url: z
    .string()
    .max(2048)
    .url()
    .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL'),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES))
    .min(1)
    .refine((list) => new Set(list).size === list.length, 'must not name an event twice')
    .optional(),
});

/** `DELETE {prefix}/webhooks`. */
export const webhookRemovalSchema = z.strictObject(signed);

export type WebhookRegistration = z.infer<typeof webhookRegistrationSchema>;
export type WebhookRemoval = z.infer<typeof webhookRemovalSchema>;
