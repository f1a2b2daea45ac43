import { Controller, HttpCode, Post } from '@nestjs/common';
import type { MyTimelineAnswer } from '@hsa-lli/common/domain';
import { Actor, ForPage } from '../auth/access.decorators.js';
import type { SessionUser } from '../auth/session-user.js';
import { MY_DOCUMENTS } from '../records/record-pages.js';
import { TimelineService } from './timeline.service.js';

/** « Où en est mon dossier » : the owner's timeline of their file. */
@Controller('records')
export class TimelineController {
  constructor(private readonly timeline: TimelineService) {}

  @ForPage(MY_DOCUMENTS)
  @Post('timeline-mine')
  @HttpCode(200)
  mine(@Actor() actor: SessionUser): Promise<MyTimelineAnswer> {
    return this.timeline.mine(actor.id);
  }
}
