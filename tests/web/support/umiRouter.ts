/**
 * What the console's list screens take from '@umijs/max' for their URL state (ListTable): umi's
 * `history` and `useLocation`, on a memory history. Use in a jest.mock factory:
 * `jest.mock('@umijs/max', () => ({ ...require('./support/umiRouter').memoryUmi(), useAccess: … }))`.
 */
import { createMemoryHistory } from 'history';
import { useSyncExternalStore } from 'react';

export function memoryUmi(initialUrl = '/client/test') {
  const history = createMemoryHistory({ initialEntries: [initialUrl] });
  const useLocation = () => useSyncExternalStore(history.listen, () => history.location);
  return { history, useLocation };
}
