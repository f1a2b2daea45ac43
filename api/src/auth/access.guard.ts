import { ForbiddenException, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ACCESS_KEY, type AccessRule } from './access.decorators.js';
import { ANONYMOUS_PAGES, mayUse } from './access-rules.js';
import type { SessionUser } from './session-user.js';

/**
 * The global guard: a route is closed unless it opens itself with @Public() or @ForPage().
 * 401 without a session, 403 for a session whose roles lack the page.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]);
    if (rule?.kind === 'public') return true;
    const user = context.switchToHttp().getRequest<Request>().user as SessionUser | undefined;
    if (rule?.kind === 'page' && rule.patterns.some((pattern) => ANONYMOUS_PAGES.includes(pattern))) return true;
    if (!user) throw new UnauthorizedException();
    if (rule?.kind === 'page' && rule.patterns.some((pattern) => mayUse(user.roles, pattern))) return true;
    throw new ForbiddenException();
  }
}
