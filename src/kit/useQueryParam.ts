/**
 * One search parameter of the current url, read and written through umi's history. (Not
 * react-router's useSearchParams: importing it from '@umijs/max' adds its code to the entry bundle.)
 */
import { history, useLocation } from '@umijs/max';

export default function useQueryParam(name: string): [string | null, (value: string | null, replace?: boolean) => void] {
  const location = useLocation();
  const value = new URLSearchParams(location.search).get(name);
  const setValue = (next: string | null, replace = false) => {
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
