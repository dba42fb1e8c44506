/**
 * Who a read is for, as the stores see it: a member of the tree (every live row), or a non-member at
 * a moment (only the rows the privacy rule of core/privacy/engine.ts shows them, decided from the
 * facts kept on each person's row; the moment places the 100-year window).
 */
export type Audience = { readonly member: true } | { readonly member: false; readonly now: Date };

export const memberAudience: Audience = { member: true };
export const nonMemberAt = (now: Date): Audience => ({ member: false, now });
export const audienceOf = (member: boolean, now: Date): Audience => (member ? memberAudience : nonMemberAt(now));
