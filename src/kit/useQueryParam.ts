/**
 * One search parameter of the current url, read and written through umi's history. (Not
 * react-router's useSearchParams: importing it from '@umijs/max' adds its code to the entry bundle.)
 *
 * A screen writes only its own address: once the user has moved on (history's location is another
 * page while the next screen's code still loads, and this one is still drawn), a late write, such as
 * 脚本管理 choosing its first release when the list answers, would take the user back.
 */
import { history, useLocation } from '@umijs/max';

export default function useQueryParam(name: string): [string | null, (value: string | null, replace?: boolean) => void] {
  const location = useLocation();
  const value = new URLSearchParams(location.search).get(name);
  const setValue = (next: string | null, replace = false) => {
    if (history.location.pathname !== location.pathname) return;
    const params = new URLSearchParams(location.search);
    if (next === null) params.delete(name);
    else params.set(name, next);
    const search = params.toString();
    const target = { pathname: location.pathname, search: search ? `?${search}` : '' };
    if (replace) history.replace(target);
    else history.push(target);
  };
  return [value, setValue];
}
