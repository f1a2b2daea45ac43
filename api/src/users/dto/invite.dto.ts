import { IsIn, IsString, MaxLength } from 'class-validator';

/** The roles an administrator may give when creating a user (spec section 6). */
export const INVITABLE_ROLES = ['admin', 'hsa', 'customer'] as const;

export class InviteDto {
  @IsString({ message: "Veuillez saisir l'adresse e-mail." })
  @MaxLength(254, { message: "L'adresse e-mail n'est pas valide." })
  email!: string;

  @IsString({ message: 'Veuillez saisir le prénom.' })
  @MaxLength(100, { message: 'Le prénom ne peut pas dépasser 100 caractères.' })
  first_name!: string;

  @IsString({ message: 'Veuillez saisir le nom.' })
  @MaxLength(100, { message: 'Le nom ne peut pas dépasser 100 caractères.' })
  last_name!: string;

  @IsIn(INVITABLE_ROLES, { message: 'Veuillez choisir un rôle : Support technique, Gestionnaire ou Client.' })
  role!: (typeof INVITABLE_ROLES)[number];
}

export class WithdrawInvitationDto {
  @IsString({ message: "Veuillez saisir l'adresse e-mail." })
  @MaxLength(254, { message: "L'adresse e-mail n'est pas valide." })
  email!: string;
}
