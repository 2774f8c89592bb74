/** Log out: tell the server, then clear the session (the plug-in's copy too) and land on /login whatever it answered. */
import { history, useModel } from '@umijs/max';
import { useCallback } from 'react';
import { emptyState } from '@/auth/startup';
import { LOGIN_PATH } from '@/services/request';
import { ignoreRefusal } from '@/services/tryCall';
import { clearSession } from '@/auth/session';
import { logout } from '@/services/account';

export default function useLogout() {
  const { setInitialState } = useModel('@@initialState');
  const { sendToken } = useModel('extension');
  return useCallback(async () => {
    try {
      // A refusal (the session had ended already) changes nothing here.
      await logout().catch(ignoreRefusal);
    } catch (error) {
      console.error(error);
    } finally {
      clearSession();
      void sendToken();
      await setInitialState(emptyState());
      history.push(LOGIN_PATH);
    }
  }, [setInitialState, sendToken]);
}
