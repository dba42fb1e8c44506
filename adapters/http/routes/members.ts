import * as t from 'io-ts';
import { addMember } from '../../../core/trees/commands/add-member.js';
import { changeMemberRole } from '../../../core/trees/commands/change-member-role.js';
import { removeMember } from '../../../core/trees/commands/remove-member.js';
import { listMembers } from '../../../core/trees/queries/list-members.js';
import type { MemberRead } from '../../../core/trees/model.js';
import { named } from '../openapi/json-schema.js';
import { route, type AnyRoute } from '../route.js';
import { Email, IdParams, MemberReadCodec, RoleCodec, TreeMemberParams, memberWire } from '../wire.js';
import { noContent, reply, type LazyDeps } from './deps.js';

export const memberRoutes = (deps: LazyDeps): readonly AnyRoute[] => [
  route({
    operationId: 'listMembers', method: 'get', path: '/trees/{id}/members', tag: 'members', auth: 'user',
    summary: 'List the members of a tree (members)',
    description: 'The members of the tree in joining order, each with `user_id`, `email`, `role` and `joined_at`. '
      + 'Any member may read it (viewers too). Because it shows emails, a non-member never may, even on a `public` tree: '
      + 'that is 403 `forbidden`; a deleted tree is 404.',
    params: IdParams,
    success: { status: 200, description: 'The members, in joining order.', body: t.array(MemberReadCodec) },
    errors: [],
    handle: async ({ actor, params }) => reply(200, (ms: readonly MemberRead[]) => ms.map(memberWire))(await listMembers(deps())(actor, params.id)),
  }),
  route({
    operationId: 'addMember', method: 'post', path: '/trees/{id}/members', tag: 'members', auth: 'user',
    summary: 'Add a member by email (owner)',
    description: 'Adds an existing account to the tree with a `role` (`owner`, `editor` or `viewer`), found by its email '
      + '(compared without case or surrounding blanks). Only an owner may add members (403 `forbidden` otherwise). '
      + 'No account with that email (or a deleted one) is 404 `not_found`; an account that is already a member is 409 `already_member`, '
      + 'whatever its role (change a role with `PATCH /trees/{id}/members/{user_id}`). '
      + 'Answers 201 with the new member; `Location` is the member list, `/trees/{id}/members`, where members are read. The change is audited.',
    params: IdParams,
    body: named('MemberCreate', t.type({ email: Email, role: RoleCodec })),
    success: { status: 201, description: 'The new member.', body: MemberReadCodec },
    created: (_b, p) => `/trees/${p.id}/members`,
    errors: [409],
    handle: async ({ actor, params, body }) => reply(201, memberWire)(await addMember(deps())(actor, params.id, body)),
  }),
  route({
    operationId: 'changeMemberRole', method: 'patch', path: '/trees/{id}/members/{user_id}', tag: 'members', auth: 'user',
    summary: 'Change a member\'s role (owner)',
    description: 'Sets the `role` of the member `user_id` (`owner`, `editor` or `viewer`); a tree may have several owners. '
      + 'Only an owner may change roles (403 `forbidden` otherwise). A `user_id` that is not a member of the tree is 404 `not_found`. '
      + 'A tree always keeps one owner: demoting its only owner is 409 `last_owner` (make someone else owner first). '
      + 'Answers the member with the new role; the change is audited.',
    params: TreeMemberParams,
    body: named('MemberUpdate', t.type({ role: RoleCodec })),
    success: { status: 200, description: 'The member.', body: MemberReadCodec },
    errors: [409],
    handle: async ({ actor, params, body }) => reply(200, memberWire)(await changeMemberRole(deps())(actor, params.id, params.user_id, body)),
  }),
  route({
    operationId: 'removeMember', method: 'delete', path: '/trees/{id}/members/{user_id}', tag: 'members', auth: 'user',
    summary: 'Remove a member, or leave a tree (owner, or yourself)',
    description: 'Removes the member `user_id` from the tree: an owner may remove anyone; any member may remove themselves (leave the tree), '
      + 'whatever their role. Anyone else is 403 `forbidden`. A `user_id` that is not a member is 404 `not_found`. '
      + 'A tree always keeps one owner: removing its only owner, or that owner leaving, is 409 `last_owner`. '
      + 'What the member wrote stays in the tree; the removal is audited.',
    params: TreeMemberParams,
    success: { status: 204, description: 'Removed.' },
    errors: [409],
    handle: async ({ actor, params }) => noContent(await removeMember(deps())(actor, params.id, params.user_id)),
  }),
];
