import { readFileSync } from 'node:fs';

/** The service version reported by /admin/instance and the OpenAPI document: package.json's. */
export const serviceVersion: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
