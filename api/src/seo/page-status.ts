import { HttpException, Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import { isAllowed, matchesPattern, type PagePattern } from '@hsa-lli/common/domain';
import { allPages } from '../auth/access-rules.js';
import { UploadLinksService } from '../documents/upload-links.service.js';
import { GoodsService } from '../goods/goods.service.js';
import { ResidencesService } from '../residences/residences.service.js';
import { TokensService } from '../tokens/tokens.service.js';

/** A page's bracket segments by name (`{ slug: 'les-pins' }`), or null when the path is not that page's. */
export function pageParams(pattern: string, path: string): Record<string, string> | null {
  const expected = pattern.split('/').filter(Boolean);
  const actual = path.split('?')[0]!.split('/').filter(Boolean);
  if (expected.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of expected.entries()) {
    let value: string;
    try {
      value = decodeURIComponent(actual[index]!);
    } catch {
      return null;
    }
    const name = /^\[([^\]]+)\]$/.exec(segment)?.[1];
    if (name) params[name] = value;
    else if (segment !== value) return null;
  }
  return params;
}

/** A file's path (an asset, sitemap.xml), which is never answered with a page. */
export const isFilePath = (path: string): boolean => /\.[a-z0-9]+$/i.test(path);

const positiveId = (text: string | undefined): number | null => (text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null);

type Check = (params: Record<string, string>, request: Request) => Promise<boolean>;

/**
 * The HTTP status of a front page, for the one-origin server that answers it with the shell and for the gateway that
 * asks (`GET /api/pages/status`): 404 for a path no page answers, and for a page whose address names something (a
 * residence, a good, an e-mailed link) unknown, unpublished or no longer usable, as its own call answers, else 200. It tells no more than the page
 * itself: each check is the one the page's loader makes, and a shared upload link's counts toward its address's
 * allowance as that call does (429 past it).
 */
@Injectable()
export class PageStatus {
  private readonly logger = new Logger(PageStatus.name);
  private readonly checks: [PagePattern, Check][];
  /** Every page of the catalogue: a path none of them answers is a 404. */
  private readonly knownPages = allPages();

  constructor(residences: ResidencesService, goods: GoodsService, tokens: TokensService, uploadLinks: UploadLinksService) {
    this.checks = [
      ['/residences/[slug]', async ({ slug }) => (await residences.detailsBySlug(slug!)) !== null],
      // A good under another residence's address, or an old name, is sent to its own by the page: only its id counts.
      [
        '/residences/[slug]/[good_slug]/[id]',
        async ({ id }) => {
          const goodId = positiveId(id);
          return goodId !== null && (await goods.findPublic(goodId)) !== null;
        },
      ],
      ['/creation-de-compte/[token]', async ({ token }) => (await tokens.registrationInfos(token!)) !== null],
      ['/mot-de-passe-oublie/nouveau-mot-de-passe/[token]', async ({ token }) => (await tokens.passwordResetInfos(token!)) !== null],
      ['/mes-identifiants/nouvelle-adresse/[token]', async ({ token }) => (await tokens.emailChangeInfos(token!)) !== null],
      [
        '/deversement-de-pieces/[record_id]/[token]',
        async ({ record_id: recordId, token }, request) => {
          const id = positiveId(recordId);
          if (id === null) return false;
          await uploadLinks.infos(request, id, token!);
          return true;
        },
      ],
    ];
  }

  /** The status of the page at `path` (the request's own path, or the one a gateway asks about). */
  async of(request: Request, path = request.path): Promise<number> {
    if (!isAllowed(this.knownPages, path)) return 404;
    for (const [pattern, check] of this.checks) {
      if (!matchesPattern(pattern, path)) continue;
      const params = pageParams(pattern, path);
      // A segment whose percent-encoding is malformed names nothing.
      if (!params) return 404;
      try {
        return (await check(params, request)) ? 200 : 404;
      } catch (error) {
        // The same refusal as the page's own call: an unusable link (404), too many tries from this address (429).
        if (error instanceof HttpException) return error.getStatus();
        this.logger.warn(`Status of ${pattern} unknown: ${error instanceof Error ? error.message : String(error)}`);
        return 200;
      }
    }
    return 200;
  }
}
