import { Allow } from 'class-validator';

/** Fields are checked by the shared rule, field by field, in French. */
export class EligibilityDto {
  @Allow() household?: unknown;
  @Allow() dependants?: unknown;
  @Allow() city?: unknown;
  @Allow() incomes?: unknown;
  @Allow() year?: unknown;
}
