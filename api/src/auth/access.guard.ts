import { ForbiddenException, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ACCESS_KEY, PRINT_KEY, type AccessRule } from './access.decorators.js';
import { ANONYMOUS_PAGES, mayUse } from './access-rules.js';
import { PrintTokens } from './print-token.js';
import type { SessionUser } from './session-user.js';

/**
 * The global guard: a route is closed unless it opens itself with @Public() or @ForPage().
 * 401 without a session, 403 for a session whose roles lack the page. A print credential opens only a `@PrintData()`
 * route of its page, for its id.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly printTokens: PrintTokens,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]);
    if (rule?.kind === 'public') return true;
    const request = context.switchToHttp().getRequest<Request>();
    const user = request.user as SessionUser | undefined;
    if (rule?.kind === 'page' && rule.patterns.some((pattern) => ANONYMOUS_PAGES.includes(pattern))) return true;
    if (!user && rule?.kind === 'page' && this.reflector.get<boolean | undefined>(PRINT_KEY, context.getHandler())) {
      const grant = this.printTokens.fromRequest(request);
      if (grant && rule.patterns.includes(grant.page) && request.params.id === String(grant.id)) {
        request.printGrant = grant;
        return true;
      }
    }
    if (!user) throw new UnauthorizedException();
    if (rule?.kind === 'page' && rule.patterns.some((pattern) => mayUse(user.roles, pattern))) return true;
    throw new ForbiddenException();
  }
}
