import { Controller, Get } from '@nestjs/common';
import {
  ADVANTAGE_OPTIONS,
  CERTIFICATION_OPTIONS,
  CONTACT_SUBJECT_OPTIONS,
  DOCUMENT_TYPE_OPTIONS,
  ENERGY_CLASSES,
  FLAT_SIZE_OPTIONS,
  HOUSEHOLD_OPTIONS,
  HOUSING_SITUATION_OPTIONS,
  LINK_OPTIONS,
  MEMBER_ROLE_OPTIONS,
  OUTCOME_OPTIONS,
  PRO_SITUATION_OPTIONS,
  REFERENCE_STATUS_OPTIONS,
} from '@hsa-lli/common/domain';
import { Public } from '../auth/access.decorators.js';
import { ReferenceService } from './reference.service.js';

/** The reference lists of spec section 9, for forms and filters. */
@Public()
@Controller('reference')
export class ReferenceController {
  constructor(private readonly reference: ReferenceService) {}

  @Get()
  async all() {
    return {
      cities: await this.reference.cities(),
      flat_sizes: FLAT_SIZE_OPTIONS,
      energy_classes: ENERGY_CLASSES,
      certifications: CERTIFICATION_OPTIONS,
      advantages: ADVANTAGE_OPTIONS,
      households: HOUSEHOLD_OPTIONS,
      links: LINK_OPTIONS,
      pro_situations: PRO_SITUATION_OPTIONS,
      housing_situations: HOUSING_SITUATION_OPTIONS,
      member_roles: MEMBER_ROLE_OPTIONS,
      contact_subjects: CONTACT_SUBJECT_OPTIONS,
      outcomes: OUTCOME_OPTIONS,
      reference_statuses: REFERENCE_STATUS_OPTIONS,
      document_types: DOCUMENT_TYPE_OPTIONS,
    };
  }
}
