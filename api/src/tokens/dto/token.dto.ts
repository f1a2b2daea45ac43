import { IsString, MaxLength } from 'class-validator';

export class TokenDto {
  @IsString({ message: 'Le lien est incomplet.' })
  @MaxLength(200, { message: 'Le lien est incorrect.' })
  token!: string;
}
