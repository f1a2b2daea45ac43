import { Injectable, Logger } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { COMMITTEE_EVENTS, type SessionClosed } from '../committee/committee.events.js';
import { PrintingService } from './printing.service.js';

/** What the printing hears of the other domains: a session closed has its minutes printed at once. */
@Injectable()
export class PrintingListener {
  private readonly logger = new Logger(PrintingListener.name);

  constructor(private readonly pdf: PrintingService) {}

  @OnEvent(COMMITTEE_EVENTS.closed)
  async sessionClosed(event: SessionClosed): Promise<void> {
    // A process without Chromium says so when the minutes are asked for; the session is closed all the same.
    await this.pdf.file('minutes', event.sessionId).catch((error: unknown) => this.logger.warn(`The minutes of session ${event.sessionId} were not queued: ${(error as Error).message}`));
  }
}
