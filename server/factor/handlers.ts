/** `factor/*`: the caller's own second factors (./factors.ts). */
import type { CallHandlers } from '../context';
import { newRecoveryCodes, overview, passkeyBegin, passkeyConfirm, removeFactor, totpBegin, totpConfirm } from './factors';

export const factorHandlers = {
  'factor/overview': overview,
  'factor/totpBegin': totpBegin,
  'factor/totpConfirm': totpConfirm,
  'factor/passkeyBegin': passkeyBegin,
  'factor/passkeyConfirm': passkeyConfirm,
  'factor/remove': removeFactor,
  'factor/newRecoveryCodes': newRecoveryCodes,
} satisfies Partial<CallHandlers>;
