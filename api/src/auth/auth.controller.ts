import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Public } from './access.decorators.js';
import { ForgotPasswordDto, LoginDto, NewPasswordDto } from './dto/auth.dto.js';
import { AuthService } from './auth.service.js';
import { SESSION_COOKIE } from './sessions/session-setup.js';

@Public()
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('login')
  @HttpCode(200)
  login(@Req() request: Request, @Body() dto: LoginDto) {
    return this.auth.login(request, dto);
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
  forgotPassword(@Req() request: Request, @Body() dto: ForgotPasswordDto) {
    return this.auth.requestPasswordReset(request, dto.email);
  }

  @Post('reset-password')
  @HttpCode(200)
  resetPassword(@Body() dto: NewPasswordDto) {
    return this.auth.resetPassword(dto);
  }

  @Post('register')
  @HttpCode(201)
  register(@Req() request: Request, @Body() dto: NewPasswordDto) {
    return this.auth.register(request, dto);
  }
}
