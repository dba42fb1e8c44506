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
    summary: 'Members of the tree with their emails: members only, never non-members, even on public trees.',
    params: IdParams,
    success: { status: 200, description: 'The members, in joining order.', body: t.array(MemberReadCodec) },
    errors: [],
    handle: async ({ actor, params }) => reply(200, (ms: readonly MemberRead[]) => ms.map(memberWire))(await listMembers(deps())(actor, params.id)),
  }),
  route({
    operationId: 'addMember', method: 'post', path: '/trees/{id}/members', tag: 'members', auth: 'user',
    summary: 'Add an existing account by email with a role (owner). 404 without such an account, 409 when already a member.',
    params: IdParams,
    body: named('MemberCreate', t.type({ email: Email, role: RoleCodec })),
    success: { status: 201, description: 'The new member.', body: MemberReadCodec },
    created: (_b, p) => `/trees/${p.id}/members`,
    errors: [409],
    handle: async ({ actor, params, body }) => reply(201, memberWire)(await addMember(deps())(actor, params.id, body)),
  }),
  route({
    operationId: 'changeMemberRole', method: 'patch', path: '/trees/{id}/members/{user_id}', tag: 'members', auth: 'user',
    summary: 'Change a member\'s role (owner); demoting the only owner is a 409.',
    params: TreeMemberParams,
    body: named('MemberUpdate', t.type({ role: RoleCodec })),
    success: { status: 200, description: 'The member.', body: MemberReadCodec },
    errors: [409],
    handle: async ({ actor, params, body }) => reply(200, memberWire)(await changeMemberRole(deps())(actor, params.id, params.user_id, body)),
  }),
  route({
    operationId: 'removeMember', method: 'delete', path: '/trees/{id}/members/{user_id}', tag: 'members', auth: 'user',
    summary: 'Remove a member (owner), or leave the tree (yourself); the only owner cannot go (409).',
    params: TreeMemberParams,
    success: { status: 204, description: 'Removed.' },
    errors: [409],
    handle: async ({ actor, params }) => noContent(await removeMember(deps())(actor, params.id, params.user_id)),
  }),
];
