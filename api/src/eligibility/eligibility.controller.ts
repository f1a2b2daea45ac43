import { Controller, HttpCode, Post } from '@nestjs/common';
import { checkEligibility, eligibilitySchema, type EligibilityQuestion } from '@hsa-lli/common/domain';
import { Public } from '../auth/access.decorators.js';
import { SchemaBody } from '../http/schema-body.js';

@Public()
@Controller('eligibility')
export class EligibilityController {
  /** Compares a household's income with the LLI ceiling of its line, zone and year. */
  @Post('check')
  @HttpCode(200)
  check(@SchemaBody(eligibilitySchema) question: EligibilityQuestion) {
    return checkEligibility(question);
  }
}
