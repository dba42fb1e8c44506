// Writes client/schema.d.ts, the types of the typed client, from the route table.
// Run: npm run client:generate  (npx tsx adapters/http/openapi/generate-client.ts)
import { writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { allRoutes } from '../routes/index.js';
import { buildOpenApiDocument, type OpenApiInfo } from './document.js';

/** Where the generated types live, relative to this file. */
export const SCHEMA_FILE = fileURLToPath(new URL('../../../client/schema.d.ts', import.meta.url));

/**
 * The info the client document is built with. Only paths and components reach the generated types,
 * so these values never make the file stale.
 */
export const CLIENT_DOCUMENT_INFO: OpenApiInfo = {
  title: 'Genealogy service API',
  version: 'client',
  serverUrl: 'http://localhost:8080',
};

const HEADER = `/**
 * GENERATED FILE: do not edit.
 * Produced from the HTTP route table by \`npm run client:generate\`
 * (npx tsx adapters/http/openapi/generate-client.ts) with openapi-typescript.
 * spec/http/client-fresh.spec.ts fails when it no longer matches the routes.
 */

`;

/** The TypeScript source of client/schema.d.ts for an OpenAPI document (pure: no file access). */
export const generateClientSource = async (document: object): Promise<string> => {
  const ast = await openapiTS(structuredClone(document) as OpenAPI3, { silent: true, alphabetize: false });
  return HEADER + astToString(ast);
};

/** The source for the current route table. */
export const currentClientSource = async (): Promise<string> =>
  generateClientSource(buildOpenApiDocument(allRoutes(), CLIENT_DOCUMENT_INFO));

const main = async (): Promise<void> => {
  const source = await currentClientSource();
  await writeFile(SCHEMA_FILE, source, 'utf8');
  process.stdout.write(`wrote ${SCHEMA_FILE}\n`);
};

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
}
