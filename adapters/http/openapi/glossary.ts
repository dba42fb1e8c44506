/**
 * The words of the API reference: what each field and parameter means, with an example value where
 * the schema alone cannot give a realistic one (describe.ts applies them to the OpenAPI document).
 *
 * Keys: `Owner.field`, where Owner is the component schema the field belongs to (Person, Event...) or
 * the operationId of an inline body or parameter, or `field` alone for a field that means the same
 * everywhere. The most specific key wins. spec/http/openapi-reference.spec.ts refuses a field or
 * parameter without words, a free-text field without an example, and an entry nothing uses.
 */

export type Entry = { readonly description: string; readonly example?: unknown };

export const FIELDS: Readonly<Record<string, Entry>> = {
};

export const PARAMETERS: Readonly<Record<string, Entry>> = {
};

/** What a component schema is, shown above its fields. */
export const SCHEMAS: Readonly<Record<string, string>> = {
};

/**
 * Whole-body examples, by operationId, where the example built from the fields would not be right
 * (fields that exclude each other, a body whose meaning depends on the combination).
 * `responses` by media type, for answers that are not JSON (a GEDCOM file).
 */
export const BODY_EXAMPLES: Readonly<Record<string, { readonly request?: unknown; readonly response?: unknown; readonly responses?: Readonly<Record<string, unknown>> }>> = {
};
