import * as z from 'zod/mini';

export const alertIdSchema = z.strictObject({ id: z.int("L'identifiant de l'alerte doit être un nombre entier.") });
