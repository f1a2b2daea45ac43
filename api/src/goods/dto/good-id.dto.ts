import * as z from 'zod/mini';

export const goodIdSchema = z.strictObject({ id: z.int("L'identifiant du bien doit être un nombre entier.") });
