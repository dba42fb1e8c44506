// The operations of the service's own OpenAPI document (GET /api/v1/openapi.json): the fuzzer reads
// the document the service serves, so a new route is fuzzed without a change here.

export type Schema = {
  readonly $ref?: string;
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly format?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly pattern?: string;
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | Schema;
  readonly items?: Schema;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly anyOf?: readonly Schema[];
  readonly oneOf?: readonly Schema[];
  readonly allOf?: readonly Schema[];
  readonly description?: string;
};

export type Parameter = { readonly name: string; readonly in: 'path' | 'query' | 'header' | 'cookie'; readonly required?: boolean; readonly schema?: Schema };

export type Operation = {
  readonly operationId: string;
  readonly method: string;
  /** OpenAPI form, relative to the server URL: '/trees/{id}'. */
  readonly path: string;
  /** True when the operation accepts an anonymous caller (its security list holds `{}`). */
  readonly anonymous: boolean;
  readonly parameters: readonly Parameter[];
  readonly body: { readonly mediaType: string; readonly schema: Schema; readonly required: boolean } | null;
  /** The component name of the success body (`PersonRead`), when it is a $ref. */
  readonly successSchema: string | null;
  /** Every status the document lists for it (412 on a conditional change, 304 where If-None-Match may answer it). */
  readonly statuses?: readonly number[];
};

type Document = {
  readonly servers?: readonly { readonly url: string }[];
  readonly paths: Readonly<Record<string, Readonly<Record<string, Record<string, unknown>>>>>;
  readonly components?: { readonly schemas?: Readonly<Record<string, Schema>> };
};

export type Api = {
  readonly basePath: string;
  readonly operations: readonly Operation[];
  /** A schema with its top-level $ref (and those of allOf) resolved. */
  readonly resolve: (s: Schema) => Schema;
};

const refName = (ref: string): string => ref.slice(ref.lastIndexOf('/') + 1);

export const readApi = (doc: unknown): Api => {
  const d = doc as Document;
  const schemas = d.components?.schemas ?? {};
  const resolve = (s: Schema, depth = 0): Schema => {
    if (depth > 20) return {};
    if (s.$ref !== undefined) return resolve(schemas[refName(s.$ref)] ?? {}, depth + 1);
    if (s.allOf !== undefined) {
      const parts = s.allOf.map((p) => resolve(p, depth + 1));
      return { type: 'object', properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})), required: parts.flatMap((p) => p.required ?? []) };
    }
    return s;
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(d.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      const op = raw as { operationId: string; security?: unknown[]; parameters?: Parameter[]; requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> }; responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> };
      const content = op.requestBody ? Object.entries(op.requestBody.content)[0] : undefined;
      const success = Object.entries(op.responses ?? {}).find(([status]) => status.startsWith('2'))?.[1];
      const successRef = Object.values(success?.content ?? {})[0]?.schema?.$ref;
      operations.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        anonymous: (op.security ?? [{}]).some((s) => typeof s === 'object' && s !== null && Object.keys(s).length === 0),
        parameters: op.parameters ?? [],
        body: content ? { mediaType: content[0], schema: content[1].schema, required: op.requestBody?.required ?? false } : null,
        successSchema: successRef === undefined ? null : refName(successRef),
        statuses: Object.keys(op.responses ?? {}).map(Number).filter(Number.isInteger),
      });
    }
  }
  const basePath = new URL(d.servers?.[0]?.url ?? 'http://x/api/v1').pathname.replace(/(?<!\/)\/+$/, '');
  return { basePath, operations, resolve };
};
