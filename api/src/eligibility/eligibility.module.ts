import { Module } from '@nestjs/common';
import { EligibilityController } from './eligibility.controller.js';

/** The eligibility test of the public site: a rule of common/domain, nothing stored. */
@Module({ controllers: [EligibilityController] })
export class EligibilityModule {}
