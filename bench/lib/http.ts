/** Small JSON-over-HTTP helpers against the bench's API process. */
export async function api<T = unknown>(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; json?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(`${base}${path}`, {
    method,
    headers,
    body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
  });
  const text = await r.text();
  if (!r.ok) throw new Error(`${method} ${path} → ${r.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

export async function login(base: string, email: string, password: string): Promise<string> {
  const r = await api<{ token: string }>(base, 'POST', '/auth/login', { json: { email, password } });
  return r.token;
}
