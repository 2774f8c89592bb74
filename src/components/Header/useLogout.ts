/** Log out: clear the session (the plug-in's copy too), tell the server, and land on /login whatever it answered. */
import { history, useModel } from '@umijs/max';
import { useCallback } from 'react';
import { emptyState } from '@/auth/startup';
import { LOGIN_PATH } from '@/services/request';
import { ignoreRefusal } from '@/services/tryCall';
import { clearSession, getToken } from '@/auth/session';
import { logout } from '@/services/account';

export default function useLogout() {
  const { setInitialState } = useModel('@@initialState');
  const { sendToken } = useModel('extension');
  return useCallback(async () => {
    const token = getToken() ?? undefined;
    // Cleared first: a call still on its way (the notification stream's next ticket, a poll) is
    // answered 登录已过期 once the server has ended the session, and has nothing to say by then.
    clearSession();
    try {
      // A refusal (the session had ended already) changes nothing here.
      await logout(token).catch(ignoreRefusal);
    } catch (error) {
      console.error(error);
    } finally {
      void sendToken();
      await setInitialState(emptyState());
      history.push(LOGIN_PATH);
    }
  }, [setInitialState, sendToken]);
}
