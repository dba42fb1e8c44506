import { existsSync, readFileSync } from 'node:fs';

// package.json is one folder up from bootstrap/ when run from the sources (tsx), two from
// dist/bootstrap/ when run compiled (npm start).
const packageJson = [new URL('../package.json', import.meta.url), new URL('../../package.json', import.meta.url)].find((u) => existsSync(u));
if (packageJson === undefined) throw new Error('package.json not found above bootstrap/');

/** The service version reported by /admin/instance and the OpenAPI document: package.json's. */
export const serviceVersion: string = (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
