/** `/api/admin/account/logout`, the one account call made from two places the same way. */
import { callApi } from '@/services/request';

/**
 * Quiet (a session that has ended already is not news), and `token`: a login not stored yet
 * (src/components/OneTimePasswordForm.tsx), else the stored session.
 */
export const logout = (token?: string) => callApi('account/logout', {}, { errorToast: false, token });
