// A request outside the typed client, for probes that must see the raw JSON text (leak checks look
// for planted strings in it) and call paths taken from the route table.

export type RawReply = { readonly status: number; readonly text: string; readonly body: any };

/** `call(method, path under /api/v1, bearer token?, JSON body?)` against the service at `baseUrl()`. */
export const rawCaller =
  (baseUrl: () => string) =>
  async (method: string, path: string, token?: string, body?: unknown): Promise<RawReply> => {
    const headers: Record<string, string> = {};
    if (token !== undefined) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${baseUrl()}/api/v1${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      parsed = null;
    }
    return { status: res.status, text, body: parsed };
  };
