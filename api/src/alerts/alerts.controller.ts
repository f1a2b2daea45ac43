import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { idRequestSchema } from '@hsa-lli/common/back-office';
import { alertCreateSchema, linkTokenSchema, type AlertCreateRequest } from '@hsa-lli/common/domain';
import type { Request } from 'express';
import { Actor, ForPage, Public } from '../auth/access.decorators.js';
import type { SessionUser } from '../auth/session-user.js';
import { found } from '../http/api-errors.js';
import { SchemaBody } from '../http/schema-body.js';
import { AlertsService } from './alerts.service.js';

/** Where a signed-in person manages the alerts of their address. */
const PAGE = '/mes-identifiants';

/**
 * The alerts of the public list (docs/alerts.md): asked for by anyone with an address, confirmed and managed by the
 * links e-mailed to it (an unusable link answers 404, like a missing page), or from the space of the account that
 * has that address.
 */
@Controller()
export class AlertsController {
  constructor(private readonly alerts: AlertsService) {}

  /** « Créer une alerte »: 202 whatever the address has; the e-mail says what follows. */
  @Public()
  @Post('front/alerts/create')
  @HttpCode(202)
  async create(@SchemaBody(alertCreateSchema) request: AlertCreateRequest, @Req() http: Request) {
    await this.alerts.ask(request, http.ip);
    return { sent: true };
  }

  @Public()
  @Post('front/alerts/confirm')
  @HttpCode(200)
  async confirm(@SchemaBody(linkTokenSchema) { token }: { token: string }) {
    return { alert: found(await this.alerts.confirm(token)) };
  }

  /** The alert an e-mail's own link names. */
  @Public()
  @Post('front/alerts/details')
  @HttpCode(200)
  async details(@SchemaBody(linkTokenSchema) { token }: { token: string }) {
    return { alert: found(await this.alerts.byLink(token)) };
  }

  @Public()
  @Post('front/alerts/renew')
  @HttpCode(200)
  async renew(@SchemaBody(linkTokenSchema) { token }: { token: string }) {
    return { alert: found(await this.alerts.renew(token)) };
  }

  @Public()
  @Post('front/alerts/unsubscribe')
  @HttpCode(200)
  async unsubscribe(@SchemaBody(linkTokenSchema) { token }: { token: string }) {
    found(await this.alerts.unsubscribe(token));
    return {};
  }

  /**
   * RFC 8058's one-click unsubscribe, the address of every alert e-mail's `List-Unsubscribe`: the mailbox provider
   * posts `List-Unsubscribe=One-Click` as a form, without a session nor an Origin (same-site-requests.ts lets it by).
   */
  @Public()
  @Post('front/alerts/one-click/:token')
  @HttpCode(200)
  async oneClick(@Param('token') token: string) {
    found(await this.alerts.unsubscribe(token));
    return {};
  }

  @ForPage(PAGE)
  @Post('alerts/mine/list')
  @HttpCode(200)
  async mine(@Actor() caller: SessionUser) {
    return { data: await this.alerts.mine(caller) };
  }

  @ForPage(PAGE)
  @Post('alerts/mine/renew')
  @HttpCode(200)
  async renewMine(@SchemaBody(idRequestSchema) { id }: { id: number }, @Actor() caller: SessionUser) {
    return { alert: found(await this.alerts.renewMine(caller, id)) };
  }

  @ForPage(PAGE)
  @Post('alerts/mine/remove')
  @HttpCode(200)
  async removeMine(@SchemaBody(idRequestSchema) { id }: { id: number }, @Actor() caller: SessionUser) {
    found(await this.alerts.removeMine(caller, id));
    return {};
  }
}

