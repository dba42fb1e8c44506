/** How exported files name this program (GEDCOM HEAD.SOUR). */
export const serviceProduct = (version: string) => ({ name: 'GenealogyService', version });
