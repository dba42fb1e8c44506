import { invalidInput, type DomainError } from '../kernel/errors.js';
import { MAX_IDENTIFIER_LENGTH, MAX_IDENTIFIERS, type PersonIdentifier } from './model.js';

/**
 * The first fault of a person's identifiers, as a 422: at most MAX_IDENTIFIERS, each with a
 * non-blank value, value and type at most MAX_IDENTIFIER_LENGTH characters (code points). Checked in
 * the core so every writer (API, proposals, account import) keeps the same bounds.
 */
export const checkIdentifiers = (identifiers: readonly PersonIdentifier[] | undefined): DomainError | null => {
  if (identifiers === undefined) return null;
  if (identifiers.length > MAX_IDENTIFIERS)
    return invalidInput('invalid_input', `A person has at most ${MAX_IDENTIFIERS} identifiers.`, [{ path: 'identifiers', message: `at most ${MAX_IDENTIFIERS}` }]);
  for (const [i, x] of identifiers.entries()) {
    if (x.value.trim() === '') return invalidInput('invalid_input', 'An identifier needs a value.', [{ path: `identifiers.${i}.value`, message: 'required' }]);
    for (const [field, text] of [['value', x.value], ['type', x.type ?? '']] as const)
      if ([...text].length > MAX_IDENTIFIER_LENGTH)
        return invalidInput('invalid_input', `An identifier's ${field} has at most ${MAX_IDENTIFIER_LENGTH} characters.`, [{ path: `identifiers.${i}.${field}`, message: `at most ${MAX_IDENTIFIER_LENGTH} characters` }]);
  }
  return null;
};

/** Identifiers as stored: value trimmed, a blank type null. */
export const cleanIdentifiers = (identifiers: readonly PersonIdentifier[]): readonly PersonIdentifier[] =>
  identifiers.map((x) => ({ kind: x.kind, value: x.value.trim(), type: x.type === null || x.type.trim() === '' ? null : x.type.trim() }));
