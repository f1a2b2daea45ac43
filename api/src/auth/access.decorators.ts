import { SetMetadata, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { SessionUser } from './session-user.js';

export const ACCESS_KEY = 'hsa:access';

export type AccessRule = { kind: 'public' } | { kind: 'page'; patterns: readonly string[] };

/** Opens a route to everybody, visitors included. */
export const Public = () => SetMetadata(ACCESS_KEY, { kind: 'public' } satisfies AccessRule);

/**
 * Opens a route to the sessions allowed to open that page (see access-rules.ts), or any of these pages when the
 * route serves several (a document's file: its owner's page and the staff's record page).
 */
export const ForPage = (...patterns: [string, ...string[]]) => SetMetadata(ACCESS_KEY, { kind: 'page', patterns } satisfies AccessRule);

/** The logged-in user of a route that needs one (any route under `@ForPage`): who the change is made by. */
export const Actor = createParamDecorator((_: unknown, context: ExecutionContext): SessionUser => context.switchToHttp().getRequest<Request>().user as SessionUser);

export const PRINT_KEY = 'hsa:print';

/**
 * Also opens a page's data call (a route under `@ForPage` with an `:id`) to the print job's credential for that page
 * and that id (see print-token.ts): the one way the print browser reads a guarded page's data.
 */
export const PrintData = () => SetMetadata(PRINT_KEY, true);

/** The print credential that opened this request, or null when a session did. */
export const Printing = createParamDecorator((_: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<Request>().printGrant ?? null);
