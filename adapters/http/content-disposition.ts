/**
 * A Content-Disposition value with the file name twice (RFC 6266): an ASCII fallback with quotes,
 * backslashes and non-ASCII replaced, and the exact name in `filename*` (RFC 5987).
 */
export const contentDisposition = (kind: 'inline' | 'attachment', fileName: string): string => {
  if (fileName === '') return kind;
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
};
