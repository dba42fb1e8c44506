export const SESSION_COOKIE = 'session';

/** HttpOnly, SameSite=Lax, Secure when the service is served over https (API.md "Sessions"). */
export const sessionCookie = (token: string | null, opts: { readonly secure: boolean; readonly maxAgeSeconds: number }): string =>
  [
    `${SESSION_COOKIE}=${token ?? ''}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${token === null ? 0 : opts.maxAgeSeconds}`,
    ...(opts.secure ? ['Secure'] : []),
  ].join('; ');

export const bearerToken = (authorization: string | undefined): string | null => {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return m?.[1] ?? null;
};
