import { Controller, Get, Header, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { robotsDisallowed } from '@hsa-lli/common/domain';
import { Public } from '../auth/access.decorators.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { isFilePath, PageStatus } from './page-status.js';
import { PublicPages } from './public-pages.js';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** /sitemap.xml and /robots.txt, at the root of the site (outside /api). */
@Public()
@Controller()
export class SeoController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly pages: PublicPages,
    private readonly pageStatus: PageStatus,
  ) {}

  /**
   * The gateway's question before it answers a page path with the shell (deploy/nginx/gateway.conf, its auth_request):
   * the page's status as the one-origin server gives it, in the codes auth_request reads — 204 for 200, 403 for 404,
   * 401 for 429 (too many tries of a shared link) —, which the gateway answers with the shell and the status. The path
   * is the X-Original-URI header's; a file's path is never a page.
   */
  @Get('pages/status')
  async status(@Req() request: Request, @Res() response: Response): Promise<void> {
    const path = (request.get('X-Original-URI') ?? '').split(/[?#]/)[0]!;
    const status = !path.startsWith('/') || isFilePath(path) ? 200 : await this.pageStatus.of(request, path);
    response.setHeader('Cache-Control', 'no-store');
    response.status(status === 200 ? 204 : status === 429 ? 401 : 403).end();
  }

  @Get('sitemap.xml')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  async sitemap(): Promise<string> {
    const urls = (await this.pages.list()).map(
      ({ path, updatedAt }) =>
        `  <url><loc>${escapeXml(this.config.publicUrl + path)}</loc>${updatedAt ? `<lastmod>${updatedAt.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`,
    );
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  }

  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  robots(): string {
    return [
      'User-agent: *',
      'Disallow: /api/',
      ...robotsDisallowed().map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${this.config.publicUrl}/sitemap.xml`,
      '',
    ].join('\n');
  }
}
