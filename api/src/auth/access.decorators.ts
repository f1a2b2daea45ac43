import { SetMetadata } from '@nestjs/common';

export const ACCESS_KEY = 'hsa:access';

export type AccessRule = { kind: 'public' } | { kind: 'page'; pattern: string };

/** Opens a route to everybody, visitors included. */
export const Public = () => SetMetadata(ACCESS_KEY, { kind: 'public' } satisfies AccessRule);

/** Opens a route to the sessions allowed to open that page (see access-rules.ts). */
export const ForPage = (pattern: string) => SetMetadata(ACCESS_KEY, { kind: 'page', pattern } satisfies AccessRule);
