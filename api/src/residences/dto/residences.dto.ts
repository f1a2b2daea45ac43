import { FLAT_SIZES, ZONES, type FlatSize, type Zone } from '@hsa-lli/common/domain';
import { IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, MaxLength, Min } from 'class-validator';

export class ResidenceListDto {
  @IsOptional()
  @Matches(/^\d[\dAB]\d{3}$/, { message: 'Choisissez une commune de la liste.' })
  city?: string;

  @IsOptional()
  @IsIn(ZONES, { message: 'Choisissez une zone de la liste.' })
  zone?: Zone;

  @IsOptional()
  @IsIn(FLAT_SIZES, { message: 'Choisissez une typologie de la liste.' })
  flat_size?: FlatSize;

  @IsOptional()
  @IsNumber({}, { message: 'Le loyer maximum doit être un montant en euros.' })
  @Min(0, { message: 'Le loyer maximum ne peut pas être négatif.' })
  max_rent?: number;

  @IsOptional()
  @IsBoolean({ message: 'Indiquez oui ou non.' })
  available_now?: boolean;
}

export class SlugDto {
  @IsString({ message: "L'adresse de la résidence est incorrecte." })
  @MaxLength(160, { message: "L'adresse de la résidence est incorrecte." })
  slug!: string;
}

export class OptionalIdDto {
  @IsOptional()
  @IsInt({ message: "L'identifiant doit être un nombre entier." })
  id?: number;
}
