/** What the notification stream's route says about a request it refuses. */
export const NOTIFICATION_MESSAGES = {
  /** The stream's `lastEventId`: the field names itself in the refusal (http/validation.ts). */
  eventIdDigits: '应为数字',
} as const;
