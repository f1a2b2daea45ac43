import { Module } from '@nestjs/common';
import { VaultModule } from '../vault/vault.module.js';
import { HealthController } from './health.controller.js';
import { HealthService } from './health.service.js';

@Module({ imports: [VaultModule], controllers: [HealthController], providers: [HealthService] })
export class HealthModule {}
