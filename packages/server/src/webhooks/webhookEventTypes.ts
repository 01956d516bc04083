/** What a maker's webhook can be told of; a registration without `events` gets them all. */
export const WEBHOOK_EVENT_TYPES = ['fill', 'cancel', 'unfunded', 'expiring'] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
