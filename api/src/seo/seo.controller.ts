import { Controller, Get, Header, Inject } from '@nestjs/common';
import { robotsDisallowed } from '@hsa-lli/common/domain';
import { Public } from '../auth/access.decorators.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
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
  ) {}

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
