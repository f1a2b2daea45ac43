import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { forgotPasswordSchema, loginSchema, newPasswordSchema, type LoginRequest, type NewPasswordRequest } from '@hsa-lli/common/domain';
import type { Request, Response } from 'express';
import { SchemaBody } from '../http/schema-body.js';
import { Public } from './access.decorators.js';
import { AuthService } from './auth.service.js';
import { SESSION_COOKIE } from './sessions/session-setup.js';

@Public()
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('login')
  @HttpCode(200)
  login(@Req() request: Request, @SchemaBody(loginSchema) credentials: LoginRequest) {
    return this.auth.login(request, credentials);
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const answer = await this.auth.logout(request);
    response.clearCookie(SESSION_COOKIE, { path: '/' });
    return answer;
  }

  @Post('get-roles')
  @HttpCode(200)
  roles(@Req() request: Request) {
    return this.auth.roles(request);
  }

  @Post('get-pages')
  @HttpCode(200)
  pages(@Req() request: Request) {
    return this.auth.pages(request);
  }

  @Post('forgot-password')
  @HttpCode(200)
  forgotPassword(@Req() request: Request, @SchemaBody(forgotPasswordSchema) { email }: { email: string }) {
    return this.auth.requestPasswordReset(request, email);
  }

  @Post('reset-password')
  @HttpCode(200)
  resetPassword(@SchemaBody(newPasswordSchema) choice: NewPasswordRequest) {
    return this.auth.resetPassword(choice);
  }

  @Post('register')
  @HttpCode(201)
  register(@Req() request: Request, @SchemaBody(newPasswordSchema) choice: NewPasswordRequest) {
    return this.auth.register(request, choice);
  }
}
