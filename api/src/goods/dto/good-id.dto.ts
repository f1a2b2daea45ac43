import { IsInt } from 'class-validator';

export class GoodIdDto {
  @IsInt({ message: "L'identifiant du bien doit être un nombre entier." })
  id!: number;
}
