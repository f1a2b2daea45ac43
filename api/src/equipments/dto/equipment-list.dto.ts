import { EQUIPMENT_TYPES, type EquipmentType } from '@hsa-lli/common/domain';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, ValidateNested } from 'class-validator';

class EquipmentFilters {
  @IsOptional()
  @IsIn(EQUIPMENT_TYPES, { message: "Le type d'équipement est inconnu." })
  type?: EquipmentType;
}

/** Filters with a type, or one id, or nothing for all of them (spec section 7). */
export class EquipmentListDto {
  @IsOptional()
  @ValidateNested()
  @Type(() => EquipmentFilters)
  filters?: EquipmentFilters;

  @IsOptional()
  @IsInt({ message: "L'identifiant doit être un nombre entier." })
  id?: number;
}
