import { Injectable, Logger } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { EQUIPMENT_EVENTS } from '../equipments/equipments.events.js';
import { GOOD_EVENTS, type GoodChanged } from '../goods/goods.events.js';
import { IMAGE_EVENTS } from '../images/images.events.js';
import { RESIDENCE_EVENTS, type ResidenceChanged } from '../residences/residences.events.js';
import { ResidencesService } from '../residences/residences.service.js';
import { PrerenderService } from './prerender.service.js';

/**
 * Any change to a residence, a good, a picture or an equipment (named on their pages) renders the public pages
 * again; a change to a residence or a good also stops serving its residence's prerendered pages at once, so that a
 * page taken off the site is never served from an older rendering. The events are emitted once their change is
 * committed and awaited by their emitter: the pages are taken down when the API answers. What is written otherwise
 * (the demo's seeding, a deployment's migrations) is followed by the rendering of every page at start.
 */
@Injectable()
export class PrerenderListener {
  private readonly logger = new Logger(PrerenderListener.name);

  constructor(
    private readonly prerender: PrerenderService,
    private readonly residences: ResidencesService,
  ) {}

  @OnEvent(RESIDENCE_EVENTS.changed)
  async residenceChanged(event: ResidenceChanged): Promise<void> {
    await this.forget([event.slug]);
  }

  @OnEvent(GOOD_EVENTS.changed)
  async goodChanged(event: GoodChanged): Promise<void> {
    await this.forget(await this.residences.slugsOf(event.residenceIds));
  }

  @OnEvent(IMAGE_EVENTS.changed)
  @OnEvent(EQUIPMENT_EVENTS.changed)
  pagesChanged(): void {
    this.renderAgain();
  }

  private async forget(slugs: readonly string[]): Promise<void> {
    await Promise.all(slugs.map((slug) => this.prerender.forgetResidence(slug))).catch((error: unknown) =>
      this.logger.error(`Could not remove prerendered pages: ${String(error)}`),
    );
    this.renderAgain();
  }

  /** Asked for, not awaited: the rendering is a job, and requests made while one waits are folded into it. */
  private renderAgain(): void {
    this.prerender.request().catch((error: unknown) => this.logger.error(`Could not ask for the public pages to be rendered again: ${String(error)}`));
  }
}
