import { fileURLToPath } from 'node:url';

/** The project's copy of the real-world GEDCOM files (spec/fixtures/gedcom; origin and licence in its README). */
export const GEDCOM_FIXTURES = fileURLToPath(new URL('../fixtures/gedcom', import.meta.url));

/** The GEDCOM 7 grammar tables (spec/fixtures/gedcom7-grammar). */
export const GRAMMAR_FIXTURES = fileURLToPath(new URL('../fixtures/gedcom7-grammar', import.meta.url));
