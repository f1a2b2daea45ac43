import { Controller, HttpCode, NotFoundException, Post } from '@nestjs/common';
import { linkTokenSchema } from '@hsa-lli/common/domain';
import { Public } from '../auth/access.decorators.js';
import { SchemaBody } from '../http/schema-body.js';
import { TokensService } from './tokens.service.js';

/** Checks of the links sent by e-mail; an unusable link answers 404, like a missing page. */
@Controller('tokens')
export class TokensController {
  constructor(private readonly tokens: TokensService) {}

  @Public()
  @Post('registration-token')
  @HttpCode(200)
  async registration(@SchemaBody(linkTokenSchema) { token }: { token: string }) {
    const infos = await this.tokens.registrationInfos(token);
    if (!infos) throw new NotFoundException();
    return { infos };
  }

  /** The account's names come with its address: the page refuses a new password made of them, as the API does. */
  @Public()
  @Post('password-reset-token')
  @HttpCode(200)
  async passwordReset(@SchemaBody(linkTokenSchema) { token }: { token: string }) {
    const infos = await this.tokens.passwordResetInfos(token);
    if (!infos) throw new NotFoundException();
    return { infos };
  }

  /** The new address a confirmation link stands for; a deactivated account's link opens nothing. */
  @Public()
  @Post('email-change-token')
  @HttpCode(200)
  async emailChange(@SchemaBody(linkTokenSchema) { token }: { token: string }) {
    const infos = await this.tokens.emailChangeInfos(token);
    if (!infos) throw new NotFoundException();
    return { infos };
  }
}
