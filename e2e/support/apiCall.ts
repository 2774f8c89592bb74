/**
 * A call of the product's API from the test runner itself (Node's fetch), outside any page: the
 * global setup and the clean-ups that run with no browser context.
 */
export interface ApiAnswer<T> {
  isSuccess: boolean;
  code: string;
  msg: string;
  content: T;
}

export async function apiCall<T = any>(baseURL: string, path: string, body: unknown, token?: string): Promise<ApiAnswer<T>> {
  const answer = await fetch(`${baseURL}/api/admin/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await answer.json()) as ApiAnswer<T>;
}
