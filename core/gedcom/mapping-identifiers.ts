import { MAX_IDENTIFIERS, type IdentifierKind, type PersonIdentifier } from '../people/model.js';
import { AFN_EXID_TYPE, type GedcomNode } from './types.js';
import { capped, text, type Context } from './mapping-context.js';

// Person identifiers: REFN (with its TYPE), AFN, and UID / _UID (the record's unique id, which other
// programs use to match a person across files). GEDCOM 7 writes an AFN as EXID with TYPE
// AFN_EXID_TYPE; any other EXID is not one of the kinds the model holds, so it stays unmapped.

const KINDS: Readonly<Record<string, IdentifierKind>> = { REFN: 'refn', AFN: 'afn', UID: 'uid', _UID: 'uid' };

/** Whether an INDI substructure is an identifier: REFN, AFN, UID, _UID, or an EXID of an AFN. */
export const isIdentifier = (node: GedcomNode): boolean =>
  Object.hasOwn(KINDS, node.tag) || (node.tag === 'EXID' && node.children.some((c) => c.tag === 'TYPE' && text(c) === AFN_EXID_TYPE));

/**
 * Adds the identifier an INDI substructure gives (isIdentifier) to `into`. An empty value, one already
 * there, and any past MAX_IDENTIFIERS are left out (the last with a warning); long values are cut.
 */
export const readIdentifier = (node: GedcomNode, path: string, into: PersonIdentifier[], ctx: Context): void => {
  const kind = node.tag === 'EXID' ? 'afn' : KINDS[node.tag]!;
  // REFN.TYPE is the identifier's type; an EXID's TYPE only said it is an AFN.
  let type: string | null = null;
  let typed = false;
  for (const c of node.children) {
    if (c.tag === 'TYPE' && !typed && (node.tag === 'REFN' || node.tag === 'EXID')) {
      typed = true;
      if (node.tag === 'REFN' && text(c) !== '') type = capped(text(c), c, ctx);
      ctx.lostChildren(`${path}.${node.tag}.TYPE`, c);
    } else ctx.lost(`${path}.${node.tag}.${c.tag}`, c);
  }
  const value = text(node);
  if (value === '') return;
  const id: PersonIdentifier = { kind, value: capped(value, node, ctx), type };
  if (into.some((i) => i.kind === id.kind && i.value === id.value && i.type === id.type)) return;
  if (into.length >= MAX_IDENTIFIERS) {
    ctx.warn(node.line, `more than ${MAX_IDENTIFIERS} identifiers on one person: ${node.tag} ${value} left out`);
    return;
  }
  into.push(id);
};
