import { IsOptional, IsString, MaxLength } from 'class-validator';

// Types only: the French rules themselves (common/domain) are applied by the service, field by field.
export class LoginDto {
  @IsOptional()
  @IsString({ message: "L'adresse e-mail n'est pas valide." })
  @MaxLength(254, { message: "L'adresse e-mail n'est pas valide." })
  email?: string;

  @IsOptional()
  @IsString({ message: 'Le mot de passe est incorrect.' })
  @MaxLength(256, { message: 'Le mot de passe est incorrect.' })
  password?: string;
}

export class ForgotPasswordDto {
  @IsOptional()
  @IsString({ message: "L'adresse e-mail n'est pas valide." })
  @MaxLength(254, { message: "L'adresse e-mail n'est pas valide." })
  email?: string;
}

export class NewPasswordDto {
  @IsString({ message: 'Le lien est incomplet.' })
  @MaxLength(200, { message: 'Le lien est incorrect.' })
  token!: string;

  @IsOptional()
  @IsString({ message: 'Veuillez choisir un mot de passe.' })
  @MaxLength(256, { message: 'Le mot de passe ne peut pas dépasser 128 caractères.' })
  password?: string;
}
