import { Allow, IsInt } from 'class-validator';

/** Fields are checked by the shared rule (common/domain/contact.ts); `website` is a trap for robots. */
export class ContactDto {
  @Allow() subject?: unknown;
  @Allow() name?: unknown;
  @Allow() email?: unknown;
  @Allow() phone?: unknown;
  @Allow() message?: unknown;
  @Allow() consent?: unknown;
  @Allow() website?: unknown;
  @Allow() eligibility?: unknown;
}

export class ContactIdDto {
  @IsInt({ message: "L'identifiant doit être un nombre entier." })
  id!: number;
}
