import type { Id } from '../kernel/ids.js';
import type { User } from './model.js';
import { isInstanceOwner } from './policy.js';

export type UserView = {
  readonly id: Id;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly selfPersonId: Id | null;
  readonly isInstanceOwner: boolean;
  readonly createdAt: Date;
};

export const userView = (user: User, ownerEmails: readonly string[]): UserView => ({
  id: user.id,
  email: user.email,
  emailVerified: user.emailVerifiedAt !== null,
  selfPersonId: user.selfPersonId,
  isInstanceOwner: isInstanceOwner(user, ownerEmails),
  createdAt: user.createdAt,
});
