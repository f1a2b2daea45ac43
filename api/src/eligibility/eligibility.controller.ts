import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { checkEligibility, currentLliYear, eligibilityProblems, type EligibilityQuestion } from '@hsa-lli/common/domain';
import { Public } from '../auth/access.decorators.js';
import { FieldsError } from '../common/api-errors.js';
import { EligibilityDto } from './dto/eligibility.dto.js';

@Public()
@Controller('eligibility')
export class EligibilityController {
  /** Compares a household's income with the LLI ceiling of its line, zone and year. */
  @Post('check')
  @HttpCode(200)
  check(@Body() dto: EligibilityDto) {
    const question = { ...dto, year: dto.year ?? currentLliYear() };
    const problems = eligibilityProblems(question);
    if (Object.keys(problems).length > 0) throw new FieldsError(problems);
    return checkEligibility(question as EligibilityQuestion);
  }
}
