import { Passport } from 'passport';
import type { User } from '../users/entities/user.entity.js';
import type { UsersService } from '../users/users.service.js';
import type { SessionUser } from './session-user.js';

export function toSessionUser(user: User): SessionUser {
  return { id: user.id, email: user.email, roles: user.roles, firstName: user.firstName, lastName: user.lastName };
}

/**
 * This application's own passport (not the module-wide singleton, which several application
 * instances in one process would share). The session keeps the user's id only; each request reads
 * the user afresh, so a disabled account is out at once.
 */
export function createPassport(users: UsersService): InstanceType<typeof Passport> {
  const passport = new Passport();
  passport.serializeUser<number>((user, done) => done(null, (user as SessionUser).id));
  passport.deserializeUser<unknown>((id, done) => {
    if (typeof id !== 'number') return done(null, false);
    users.findActive(id).then(
      (user) => done(null, user ? toSessionUser(user) : false),
      (error: unknown) => done(error),
    );
  });
  return passport;
}
